// The naive assignment returning each row's label and its squared
// distance: the certified schedule gives labels alone.
func.func @naive_labels_and_minima(%x: tensor<?x512xf32>, %c: tensor<256x512xf32>) -> (tensor<?xi64>, tensor<?xf32>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x512xf32> -> tensor<1x256x512xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x512xf32>, tensor<1x256x512xf32> -> tensor<?x256x512xf32>
  %sq = fuse.square %diff : tensor<?x256x512xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  %minima = fuse.reduce_min %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xf32>
  return %labels, %minima : tensor<?xi64>, tensor<?xf32>
}
