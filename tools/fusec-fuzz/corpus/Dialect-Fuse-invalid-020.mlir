func.func @sum_dim(%a: tensor<4x3xf32>) {
  %0 = fuse.sum %a, dim = 2 : tensor<4x3xf32> -> tensor<4xf32>
  return
}
