func.func @dynamic_is_fine(%x: tensor<?x1152921504606846976xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<?x1152921504606846976xf32> -> tensor<?xf32>
  return
}
