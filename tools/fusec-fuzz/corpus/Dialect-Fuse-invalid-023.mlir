func.func @argmin_dim_5(%d: tensor<4x5xf32>) {
  %0 = fuse.argmin %d, dim = 5 : tensor<4x5xf32> -> tensor<4xi64>
  return
}
