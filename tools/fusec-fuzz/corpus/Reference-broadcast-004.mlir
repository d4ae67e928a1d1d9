func.func @both_stretch(%a: tensor<2x1x3xi64>, %b: tensor<1x2x1xi64>) -> tensor<2x2x3xi64> {
  %0 = fuse.add %a, %b : tensor<2x1x3xi64>, tensor<1x2x1xi64> -> tensor<2x2x3xi64>
  return %0 : tensor<2x2x3xi64>
}
