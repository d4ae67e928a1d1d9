func.func @running_loop_take_offset(%x: tensor<?x4xf32>, %c: tensor<3x4xf32>) -> tensor<?xi64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s0 = fuse.square %e0 : tensor<?x4xf32>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s1 = fuse.square %e1 : tensor<?x4xf32>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
  %better = fuse.cmp lt, %d1, %d0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %idx = fuse.where %better, %j1, %j0 : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return %idx : tensor<?xi64>
}
