func.func @f(%x: tensor<?x512xf32>, %c: tensor<256x500xf32>) -> tensor<?x256x512xf32> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x500xf32> -> tensor<1x256x500xf32>
  %d = fuse.sub %xe, %ce : tensor<?x1x512xf32>, tensor<1x256x500xf32> -> tensor<?x256x512xf32>
  return %d : tensor<?x256x512xf32>
}
