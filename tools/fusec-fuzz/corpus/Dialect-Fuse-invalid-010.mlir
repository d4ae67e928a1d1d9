func.func @where_broadcast(%c: tensor<3xi1>, %a: tensor<4xf32>) {
  %0 = fuse.where %c, %a, %a : tensor<3xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}
