func.func @identity_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}
