func.func @reductions(%x: tensor<?x256x512xf32>, %i: tensor<5x?xi32>) {
  %0 = fuse.sum %x, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
  %1 = fuse.sum %x, dim = 1 keepdim : tensor<?x256x512xf32> -> tensor<?x1x512xf32>
  %2 = fuse.reduce_min %i, dim = 0 : tensor<5x?xi32> -> tensor<?xi32>
  %3 = fuse.reduce_max %i, dim = 1 keepdim : tensor<5x?xi32> -> tensor<5x1xi32>
  %4 = fuse.argmin %0, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  %5 = fuse.argmax %i, dim = 0 keepdim : tensor<5x?xi32> -> tensor<1x?xi64>
  return
}
