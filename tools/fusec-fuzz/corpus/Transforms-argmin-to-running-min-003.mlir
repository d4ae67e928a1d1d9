func.func @step(%x: tensor<?x8xf32>, %cj: tensor<8xf32>, %j: tensor<i64>,
                %bd: tensor<?xf32>, %bi: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %diff = fuse.sub %x, %cj : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %sq = fuse.square %diff : tensor<?x8xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x8xf32> -> tensor<?xf32>
  %better = fuse.cmp lt, %d, %bd : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %nd = fuse.where %better, %d, %bd : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %ni = fuse.where %better, %j, %bi : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %nd, %ni : tensor<?xf32>, tensor<?xi64>
}
