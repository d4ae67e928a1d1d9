func.func @exp_of_int(%a: tensor<4xi32>) {
  %0 = fuse.exp %a : tensor<4xi32>
  return
}
