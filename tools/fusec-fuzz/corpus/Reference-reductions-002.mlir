func.func @sum_dyn(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = fuse.sum %x, dim = 1 : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
