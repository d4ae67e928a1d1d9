func.func @mul_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = fuse.mul %a, %b : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
