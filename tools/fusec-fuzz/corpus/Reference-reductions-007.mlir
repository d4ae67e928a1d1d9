func.func @int_reductions(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi64>, tensor<2xi32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  %1 = fuse.argmin %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi64>
  %2 = fuse.reduce_max %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi64>, tensor<2xi32>
}
