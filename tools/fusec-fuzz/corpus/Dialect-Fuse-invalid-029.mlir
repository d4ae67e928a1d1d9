func.func @argmax_bool(%d: tensor<4xi1>) {
  %0 = fuse.argmax %d, dim = 0 : tensor<4xi1> -> tensor<i64>
  return
}
