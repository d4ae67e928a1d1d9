func.func @matmul_is_mul_sum(%a: tensor<?x16xf32>, %b: tensor<16x8xf32>) -> tensor<?x8xf32> {
  %0 = fuse.matmul %a, %b : tensor<?x16xf32>, tensor<16x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
