func.func @compare(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = fuse.cmp lt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %1 = fuse.cmp le, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %2 = fuse.cmp eq, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %3 = fuse.cmp ne, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %4 = fuse.cmp ge, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %5 = fuse.cmp gt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}
