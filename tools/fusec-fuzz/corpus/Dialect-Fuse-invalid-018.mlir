func.func @take_index(%a: tensor<3x4xf32>) {
  %i = arith.constant 3 : index
  %0 = fuse.take %a[%i], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  return
}
