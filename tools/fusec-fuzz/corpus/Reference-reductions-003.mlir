func.func @minmax(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  %0 = fuse.reduce_min %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.reduce_max %x, dim = 0 : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<2xf32>, tensor<3xf32>
}
