func.func @expand_dims_range(%a: tensor<4x3xf32>) {
  %0 = fuse.expand_dims %a, dim = 3 : tensor<4x3xf32> -> tensor<4x3x1xf32>
  return
}
