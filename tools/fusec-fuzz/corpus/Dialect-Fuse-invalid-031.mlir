func.func @matmul_rank(%a: tensor<4xf32>, %b: tensor<4x2xf32>) {
  %0 = fuse.matmul %a, %b : tensor<4xf32>, tensor<4x2xf32> -> tensor<2xf32>
  return
}
