func.func @expand(%x: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2x1xf32>) {
  %0 = fuse.expand_dims %x, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %1 = fuse.expand_dims %x, dim = 2 : tensor<2x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<1x2x2xf32>, tensor<2x2x1xf32>
}
