func.func @broadcast_to_incompatible(%a: tensor<3xf32>) {
  %0 = fuse.broadcast_to %a : tensor<3xf32> -> tensor<2x4xf32>
  return
}
