func.func @expand_dims_negative(%a: tensor<4x3xf32>) {
  %0 = fuse.expand_dims %a, dim = -1 : tensor<4x3xf32> -> tensor<4x3x1xf32>
  return
}
