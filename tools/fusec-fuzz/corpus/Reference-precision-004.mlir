func.func @matmul_f16(%a: tensor<1x3xf16>, %b: tensor<3x1xf16>) -> tensor<1x1xf16> {
  %0 = fuse.matmul %a, %b : tensor<1x3xf16>, tensor<3x1xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}
