func.func @f(%x: tensor<4x3xf32>) -> tensor<4x1xf32> {
  %0 = fuse.sum %x, dim = 1 keepdims : tensor<4x3xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
