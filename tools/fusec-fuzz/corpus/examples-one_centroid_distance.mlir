func.func @one_centroid_distance(%x: tensor<?x512xf32>, %cj: tensor<512xf32>) -> tensor<?xf32> {
  %diff = fuse.sub %x, %cj : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq = fuse.square %diff : tensor<?x512xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  return %d : tensor<?xf32>
}
