func.func @f(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  %0 = fuse.sum %x, dim = 1 {keep_dim} : tensor<4x3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
