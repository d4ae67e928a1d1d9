func.func @unknown_attribute(%a: tensor<4x3xf32>) {
  %0 = fuse.sum %a, dim = 1 {keep_dim} : tensor<4x3xf32> -> tensor<4xf32>
  return
}
