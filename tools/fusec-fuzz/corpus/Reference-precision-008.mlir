func.func @exp_f32(%a: tensor<1xf32>) -> tensor<1xf32> {
  %0 = fuse.exp %a : tensor<1xf32>
  return %0 : tensor<1xf32>
}
