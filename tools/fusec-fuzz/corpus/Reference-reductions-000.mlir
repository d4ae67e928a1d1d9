func.func @sums(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<1x3xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.sum %x, dim = 0 keepdim : tensor<2x3xf32> -> tensor<1x3xf32>
  return %0, %1 : tensor<2xf32>, tensor<1x3xf32>
}

func.func @sum_dyn(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = fuse.sum %x, dim = 1 : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @minmax(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  %0 = fuse.reduce_min %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.reduce_max %x, dim = 0 : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<2xf32>, tensor<3xf32>
}

func.func @argminmax(%x: tensor<?x4xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  %1 = fuse.argmax %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}

func.func @argmin_dim0(%x: tensor<3x2xf32>) -> tensor<1x2xi64> {
  %0 = fuse.argmin %x, dim = 0 keepdim : tensor<3x2xf32> -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

func.func @middle(%x: tensor<2x3x2xf64>) -> (tensor<2x2xi64>, tensor<2x2xf64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xi64>
  %1 = fuse.reduce_min %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xi64>, tensor<2x2xf64>
}

func.func @int_reductions(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi64>, tensor<2xi32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  %1 = fuse.argmin %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi64>
  %2 = fuse.reduce_max %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi64>, tensor<2xi32>
}
