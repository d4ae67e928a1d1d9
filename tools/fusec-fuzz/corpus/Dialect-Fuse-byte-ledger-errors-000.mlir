func.func @two_sizes(%x: tensor<?x4xf32>, %y: tensor<5x?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %1 = fuse.reduce_min %y, dim = 0 : tensor<5x?xi32> -> tensor<?xi32>
  return %0, %1 : tensor<?xf32>, tensor<?xi32>
}
