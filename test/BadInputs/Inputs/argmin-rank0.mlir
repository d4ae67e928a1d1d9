func.func @f(%d: tensor<f32>) -> tensor<i64> {
  %0 = fuse.argmin %d, dim = 0 : tensor<f32> -> tensor<i64>
  return %0 : tensor<i64>
}
