func.func @naive_argmin(%x: tensor<1099511627776x512xf32>, %c: tensor<256x512xf32>) -> tensor<1099511627776xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<1099511627776x512xf32> -> tensor<1099511627776x1x512xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x512xf32> -> tensor<1x256x512xf32>
  %diff = fuse.sub %xe, %ce : tensor<1099511627776x1x512xf32>, tensor<1x256x512xf32> -> tensor<1099511627776x256x512xf32>
  %sq = fuse.square %diff : tensor<1099511627776x256x512xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<1099511627776x256x512xf32> -> tensor<1099511627776x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<1099511627776x256xf32> -> tensor<1099511627776xi64>
  return %labels : tensor<1099511627776xi64>
}
