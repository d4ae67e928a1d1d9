func.func @kernel_args(%a: tensor<4xf32>) {
  %0 = fuse.kernel @k ins(%a : tensor<4xf32>) -> tensor<4xf32> {
    %c = fuse.constant dense<1.0> : tensor<4xf32>
    fuse.yield %c : tensor<4xf32>
  }
  return
}
