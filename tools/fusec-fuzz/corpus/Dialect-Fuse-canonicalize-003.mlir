func.func @involutions(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n = fuse.neg %x : tensor<4x8xf32>
  %nn = fuse.neg %n : tensor<4x8xf32>
  %t = fuse.transpose %x : tensor<4x8xf32> -> tensor<8x4xf32>
  %tt = fuse.transpose %t : tensor<8x4xf32> -> tensor<4x8xf32>
  return %nn, %tt : tensor<4x8xf32>, tensor<4x8xf32>
}
