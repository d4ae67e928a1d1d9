func.func @exact_size(%a: tensor<9223372036854775807xi1>, %z: tensor<i1>) -> tensor<9223372036854775807xi1> {
  %0 = fuse.cmp gt, %a, %z : tensor<9223372036854775807xi1>, tensor<i1> -> tensor<9223372036854775807xi1>
  return %0 : tensor<9223372036854775807xi1>
}
