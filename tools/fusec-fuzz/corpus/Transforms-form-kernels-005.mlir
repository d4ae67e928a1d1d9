func.func @gram(%x: tensor<?x16xf32>, %c: tensor<8x16xf32>) -> tensor<?xi64> {
  %csq = fuse.square %c : tensor<8x16xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<8x16xf32> -> tensor<8xf32>
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x16xf32> -> tensor<?x1x16xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<8x16xf32> -> tensor<1x8x16xf32>
  %p = fuse.mul %xe, %ce : tensor<?x1x16xf32>, tensor<1x8x16xf32> -> tensor<?x8x16xf32>
  %xc = fuse.sum %p, dim = 2 : tensor<?x8x16xf32> -> tensor<?x8xf32>
  %d = fuse.sub %cc, %xc : tensor<8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x8xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
