func.func @select(%c: tensor<3xi1>, %a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = fuse.where %c, %a, %b : tensor<3xi1>, tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
