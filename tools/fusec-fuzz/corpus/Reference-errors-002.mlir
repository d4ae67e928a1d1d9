func.func @idiv(%a: tensor<3xi32>, %b: tensor<?xi32>) -> tensor<3xi32> {
  %0 = fuse.div %a, %b : tensor<3xi32>, tensor<?xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
