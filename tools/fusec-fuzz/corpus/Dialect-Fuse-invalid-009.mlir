func.func @where_dtypes(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<i64>) {
  %0 = fuse.where %c, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<i64> -> tensor<4xf32>
  return
}
