func.func @where_cond(%c: tensor<4xf32>, %a: tensor<4xf32>) {
  %0 = fuse.where %c, %a, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}
