func.func @transpose_rank(%a: tensor<3xf32>) {
  %0 = fuse.transpose %a : tensor<3xf32> -> tensor<3xf32>
  return
}
