func.func @arith_on_bool(%a: tensor<4xi1>) {
  %0 = fuse.add %a, %a : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  return
}
