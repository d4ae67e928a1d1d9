func.func @loop_le(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %l0 = fuse.constant dense<0> : tensor<i64>
  %l1 = fuse.constant dense<1> : tensor<i64>
  %l2 = fuse.constant dense<2> : tensor<i64>
  %c0 = fuse.take %c[%i1], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %c1 = fuse.take %c[%i0], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq0 = fuse.square %diff0 : tensor<?x4xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp le, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %b0, %l0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %diff1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq1 = fuse.square %diff1 : tensor<?x4xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp le, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %b1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %b1, %l1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %diff2 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq2 = fuse.square %diff2 : tensor<?x4xf32>
  %d2 = fuse.sum %sq2, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b2 = fuse.cmp le, %d2, %bd1 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bi2 = fuse.where %b2, %l2, %bi1 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi2 : tensor<?xi64>
}
