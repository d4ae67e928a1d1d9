func.func @k1d1(%x: tensor<?x1xf32>, %c: tensor<1x1xf32>) -> (tensor<?xi64>, tensor<?x1xf32>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x1xf32> -> tensor<?x1x1xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<1x1xf32> -> tensor<1x1x1xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x1xf32>, tensor<1x1x1xf32> -> tensor<?x1x1xf32>
  %sq = fuse.square %diff : tensor<?x1x1xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x1x1xf32> -> tensor<?x1xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x1xf32> -> tensor<?xi64>
  return %labels, %dist : tensor<?xi64>, tensor<?x1xf32>
}
