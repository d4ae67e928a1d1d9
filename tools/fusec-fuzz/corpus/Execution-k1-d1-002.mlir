func.func @d1(%x: tensor<?x1xf32>, %c: tensor<7x1xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x1xf32> -> tensor<?x1x1xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<7x1xf32> -> tensor<1x7x1xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x1xf32>, tensor<1x7x1xf32> -> tensor<?x7x1xf32>
  %sq = fuse.square %diff : tensor<?x7x1xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x7x1xf32> -> tensor<?x7xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x7xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
