func.func @bcast_dyn(%x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = fuse.broadcast_to %x : tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
