func.func @sums(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<1x3xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.sum %x, dim = 0 keepdim : tensor<2x3xf32> -> tensor<1x3xf32>
  return %0, %1 : tensor<2xf32>, tensor<1x3xf32>
}
