func.func @label_overflow(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %j0 = fuse.constant dense<9223372036854775807> : tensor<i64>
  %j1 = fuse.constant dense<-9223372036854775808> : tensor<i64>
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %e0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s0 = fuse.square %e0 : tensor<?x4xf32>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %v0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %x0 = fuse.where %b0, %j0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %e1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s1 = fuse.square %e1 : tensor<?x4xf32>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp lt, %d1, %v0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %x1 = fuse.where %b1, %j1, %x0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %x1 : tensor<?xi64>
}
