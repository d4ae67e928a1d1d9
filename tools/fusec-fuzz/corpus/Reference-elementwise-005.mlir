func.func @compare_bool(%a: tensor<3xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  %0 = fuse.cmp lt, %a, %b : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
