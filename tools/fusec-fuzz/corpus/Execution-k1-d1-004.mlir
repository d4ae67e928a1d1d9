func.func @dynamic(%x: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x?xf32> -> tensor<?x1x?xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<?x?xf32> -> tensor<1x?x?xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x?xf32>, tensor<1x?x?xf32> -> tensor<?x?x?xf32>
  %sq = fuse.square %diff : tensor<?x?x?xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
