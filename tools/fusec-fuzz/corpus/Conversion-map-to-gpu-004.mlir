func.func @rowsum(%x: tensor<?x33xf32>) -> tensor<?xf32> {
  %e = fuse.exp %x : tensor<?x33xf32>
  %s = fuse.sum %e, dim = 1 : tensor<?x33xf32> -> tensor<?xf32>
  return %s : tensor<?xf32>
}
