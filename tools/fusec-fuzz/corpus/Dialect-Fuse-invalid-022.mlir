func.func @argmin_missing_dim(%d: tensor<?x256xf32>) {
  %0 = fuse.argmin %d, dim = 2 : tensor<?x256xf32> -> tensor<?xi64>
  return
}
