func.func @naive(%x: tensor<?x3xf32>, %c: tensor<6x3xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x3xf32> -> tensor<?x1x3xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<6x3xf32> -> tensor<1x6x3xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x3xf32>, tensor<1x6x3xf32> -> tensor<?x6x3xf32>
  %sq = fuse.square %diff : tensor<?x6x3xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x6x3xf32> -> tensor<?x6xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x6xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
