func.func @sum_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %0 = fuse.sum %x, dim = 1 : tensor<2x5xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}
