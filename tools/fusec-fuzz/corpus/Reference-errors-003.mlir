func.func @take_dyn(%c: tensor<?x2xf32>, %j: index) -> tensor<2xf32> {
  %0 = fuse.take %c[%j], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
