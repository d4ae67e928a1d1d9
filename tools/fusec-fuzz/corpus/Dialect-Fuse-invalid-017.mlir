func.func @take_dim(%a: tensor<3x4xf32>, %i: index) {
  %0 = fuse.take %a[%i], dim = 2 : tensor<3x4xf32> -> tensor<3xf32>
  return
}
