func.func @transpose(%a: tensor<2x3xi64>, %b: tensor<2x1x2xf32>) -> (tensor<3x2xi64>, tensor<2x2x1xf32>) {
  %0 = fuse.transpose %a : tensor<2x3xi64> -> tensor<3x2xi64>
  %1 = fuse.transpose %b : tensor<2x1x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<3x2xi64>, tensor<2x2x1xf32>
}
