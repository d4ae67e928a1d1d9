func.func @column_sum(%x: tensor<?x5xf32>) -> tensor<5xf32> {
  %s = fuse.sum %x, dim = 0 : tensor<?x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}
