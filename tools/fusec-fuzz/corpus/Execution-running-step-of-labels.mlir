func.func @running_step_of_labels(%x: tensor<?x?xi64>, %c: tensor<4x?xi64>, %y: tensor<?xi64>) -> tensor<?xi64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<4x?xi64> -> tensor<?xi64>
  %e0 = fuse.sub %x, %c0 : tensor<?x?xi64>, tensor<?xi64> -> tensor<?x?xi64>
  %s0 = fuse.square %e0 : tensor<?x?xi64>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x?xi64> -> tensor<?xi64>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<4x?xi64> -> tensor<?xi64>
  %e1 = fuse.sub %x, %c1 : tensor<?x?xi64>, tensor<?xi64> -> tensor<?x?xi64>
  %s1 = fuse.square %e1 : tensor<?x?xi64>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x?xi64> -> tensor<?xi64>
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
  %better = fuse.cmp lt, %d1, %d0 : tensor<?xi64>, tensor<?xi64> -> tensor<?xi1>
  %l = fuse.where %better, %j1, %j0 : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %above = fuse.cmp gt, %l, %y : tensor<?xi64>, tensor<?xi64> -> tensor<?xi1>
  %two = fuse.constant dense<2> : tensor<i64>
  %five = fuse.constant dense<5> : tensor<i64>
  %r = fuse.where %above, %two, %five : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}
