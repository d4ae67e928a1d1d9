func.func @broadcast_to_dtype(%a: tensor<3xf32>) {
  %0 = fuse.broadcast_to %a : tensor<3xf32> -> tensor<3xf16>
  return
}
