func.func @square_f16(%a: tensor<1xf16>) -> tensor<1xf16> {
  %0 = fuse.square %a : tensor<1xf16>
  return %0 : tensor<1xf16>
}
