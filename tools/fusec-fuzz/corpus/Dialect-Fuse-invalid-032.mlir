func.func @matmul_inner(%a: tensor<3x4xf32>, %b: tensor<5x2xf32>) {
  %0 = fuse.matmul %a, %b : tensor<3x4xf32>, tensor<5x2xf32> -> tensor<3x2xf32>
  return
}
