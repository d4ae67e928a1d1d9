func.func @dtype_mismatch(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  %0 = fuse.sub %a, %b : tensor<4xf32>, tensor<4xf16> -> tensor<4xf32>
  return
}
