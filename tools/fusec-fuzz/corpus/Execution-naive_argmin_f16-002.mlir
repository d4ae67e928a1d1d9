func.func @naive_f16_f32(%x: tensor<?x40xf16>, %c: tensor<24x40xf16>) -> tensor<?xi64> {
  %x32 = fuse.cast %x : tensor<?x40xf16> to tensor<?x40xf32>
  %c32 = fuse.cast %c : tensor<24x40xf16> to tensor<24x40xf32>
  %xe = fuse.expand_dims %x32, dim = 1 : tensor<?x40xf32> -> tensor<?x1x40xf32>
  %ce = fuse.expand_dims %c32, dim = 0 : tensor<24x40xf32> -> tensor<1x24x40xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x40xf32>, tensor<1x24x40xf32> -> tensor<?x24x40xf32>
  %sq = fuse.square %diff : tensor<?x24x40xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x24x40xf32> -> tensor<?x24xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x24xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
