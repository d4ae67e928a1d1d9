func.func @argmin_empty(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
