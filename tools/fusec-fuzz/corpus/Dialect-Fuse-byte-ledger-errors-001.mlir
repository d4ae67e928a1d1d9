func.func @overflow(%x: tensor<?x65536xf32>, %c: tensor<16x65536xf32>) -> tensor<?x16x65536xf32> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x65536xf32> -> tensor<?x1x65536xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<16x65536xf32> -> tensor<1x16x65536xf32>
  %d = fuse.sub %xe, %ce : tensor<?x1x65536xf32>, tensor<1x16x65536xf32> -> tensor<?x16x65536xf32>
  return %d : tensor<?x16x65536xf32>
}
