func.func @naive_f16(%x: tensor<?x64xf16>, %c: tensor<48x64xf16>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x64xf16> -> tensor<?x1x64xf16>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<48x64xf16> -> tensor<1x48x64xf16>
  %diff = fuse.sub %xe, %ce : tensor<?x1x64xf16>, tensor<1x48x64xf16> -> tensor<?x48x64xf16>
  %sq = fuse.square %diff : tensor<?x48x64xf16>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x48x64xf16> -> tensor<?x48xf16>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x48xf16> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
