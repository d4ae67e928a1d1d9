func.func @kernel_yield(%a: tensor<4xf32>) {
  %0 = fuse.kernel @k ins(%a : tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%b: tensor<4xf32>):
    fuse.yield %b : tensor<4xf32>
  }
  return
}
