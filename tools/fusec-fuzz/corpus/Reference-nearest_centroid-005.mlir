func.func @running_loop(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %j0 = arith.constant 0 : index
  %jv0 = fuse.constant dense<0> : tensor<i64>
  %c0 = fuse.take %c[%j0], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq0 = fuse.square %diff0 : tensor<?x2xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %better0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %better0, %jv0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %j1 = arith.constant 1 : index
  %jv1 = fuse.constant dense<1> : tensor<i64>
  %c1 = fuse.take %c[%j1], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff1 = fuse.sub %x, %c1 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq1 = fuse.square %diff1 : tensor<?x2xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better1 = fuse.cmp lt, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %better1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %better1, %jv1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi1 : tensor<?xi64>
}
