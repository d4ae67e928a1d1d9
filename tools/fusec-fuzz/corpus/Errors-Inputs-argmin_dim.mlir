func.func @f(%d: tensor<?x256xf32>) -> tensor<?xi64> {
  %l = fuse.argmin %d, dim = 2 : tensor<?x256xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
