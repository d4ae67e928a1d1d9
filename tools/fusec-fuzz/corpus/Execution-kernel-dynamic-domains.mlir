func.func @two_domains(%x: tensor<?xf32>, %p: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %e = fuse.exp %x : tensor<?xf32>
  %o1 = fuse.add %e, %p : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?xf32> -> tensor<?x1xf32>
  %o2 = fuse.add %e, %xe : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  return %o1, %o2 : tensor<?x?xf32>, tensor<?x?xf32>
}
