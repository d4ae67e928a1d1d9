func.func @trivial_casts(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = fuse.cast %x : tensor<4xf32> to tensor<4xf32>
  %1 = fuse.broadcast_to %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
