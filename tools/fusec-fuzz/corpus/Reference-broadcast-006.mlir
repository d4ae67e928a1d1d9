func.func @cmp_scalar(%a: tensor<?xi32>, %z: tensor<i32>) -> tensor<?xi1> {
  %0 = fuse.cmp gt, %a, %z : tensor<?xi32>, tensor<i32> -> tensor<?xi1>
  return %0 : tensor<?xi1>
}
