func.func @broadcast_to_rank(%a: tensor<2x3xf32>) {
  %0 = fuse.broadcast_to %a : tensor<2x3xf32> -> tensor<3xf32>
  return
}
