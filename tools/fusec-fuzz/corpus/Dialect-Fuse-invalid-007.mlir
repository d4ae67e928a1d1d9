func.func @cmp_dtypes(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  %0 = fuse.cmp lt, %a, %b : tensor<4xf32>, tensor<4xi32> -> tensor<4xi1>
  return
}
