func.func @reduce_rank0(%a: tensor<f32>) {
  %0 = fuse.reduce_max %a, dim = 0 : tensor<f32> -> tensor<f32>
  return
}
