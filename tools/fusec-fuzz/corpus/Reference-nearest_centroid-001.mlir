func.func @naive(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x2xf32>, tensor<1x2x2xf32> -> tensor<?x2x2xf32>
  %sq = fuse.square %diff : tensor<?x2x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x2x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}
