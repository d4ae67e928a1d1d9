func.func @argmin_rank0(%d: tensor<f32>) {
  %0 = fuse.argmin %d, dim = 0 : tensor<f32> -> tensor<i64>
  return
}
