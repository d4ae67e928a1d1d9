func.func @argmin_dim0(%x: tensor<3x2xf32>) -> tensor<1x2xi64> {
  %0 = fuse.argmin %x, dim = 0 keepdim : tensor<3x2xf32> -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}
