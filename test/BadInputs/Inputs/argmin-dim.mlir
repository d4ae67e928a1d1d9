func.func @f(%d: tensor<?x256xf32>) -> tensor<?xi64> {
  %0 = fuse.argmin %d, dim = 5 : tensor<?x256xf32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
