func.func @running_step(%x: tensor<?x2xf32>, %cj: tensor<2xf32>, %j: tensor<i64>,
                        %best_d: tensor<?xf32>, %best_i: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %diff = fuse.sub %x, %cj : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq = fuse.square %diff : tensor<?x2xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better = fuse.cmp lt, %d, %best_d : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %new_d = fuse.where %better, %d, %best_d : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %new_i = fuse.where %better, %j, %best_i : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %new_d, %new_i : tensor<?xf32>, tensor<?xi64>
}
