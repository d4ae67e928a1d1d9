func.func @add_bf16(%a: tensor<1xbf16>, %b: tensor<1xbf16>) -> tensor<1xbf16> {
  %0 = fuse.add %a, %b : tensor<1xbf16>, tensor<1xbf16> -> tensor<1xbf16>
  return %0 : tensor<1xbf16>
}
