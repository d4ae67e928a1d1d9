func.func @matmul(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>, %x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<2x2xi32>, tensor<?x2xf32>) {
  %0 = fuse.matmul %a, %b : tensor<2x2xi32>, tensor<2x2xi32> -> tensor<2x2xi32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %1 = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<?x2xf32>
}
