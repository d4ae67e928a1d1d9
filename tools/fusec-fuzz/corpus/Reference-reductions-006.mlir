func.func @middle(%x: tensor<2x3x2xf64>) -> (tensor<2x2xi64>, tensor<2x2xf64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xi64>
  %1 = fuse.reduce_min %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xi64>, tensor<2x2xf64>
}
