func.func @idiv(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = fuse.div %a, %b : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}
