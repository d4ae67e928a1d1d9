func.func @incompatible_broadcast(%a: tensor<4x3xf32>, %b: tensor<5xf32>) {
  %0 = fuse.add %a, %b : tensor<4x3xf32>, tensor<5xf32> -> tensor<4x3xf32>
  return
}
