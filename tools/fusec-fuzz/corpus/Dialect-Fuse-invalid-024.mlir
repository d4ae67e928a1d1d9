func.func @argmin_negative_dim(%d: tensor<4x5xf32>) {
  %0 = fuse.argmin %d, dim = -1 : tensor<4x5xf32> -> tensor<4xi64>
  return
}
