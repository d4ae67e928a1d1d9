func.func @argminmax(%x: tensor<?x4xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  %1 = fuse.argmax %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}
