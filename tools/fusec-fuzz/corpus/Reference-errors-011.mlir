func.func @matmul_dyn(%a: tensor<2x?xf32>, %b: tensor<?x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.matmul %a, %b : tensor<2x?xf32>, tensor<?x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
