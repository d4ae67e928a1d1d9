func.func @both(%x: tensor<4x2xf32>, %c: tensor<3x2xf32>) -> (tensor<4x3xf32>, tensor<4xi64>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<4x2xf32> -> tensor<4x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<3x2xf32> -> tensor<1x3x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<4x1x2xf32>, tensor<1x3x2xf32> -> tensor<4x3x2xf32>
  %sq = fuse.square %diff : tensor<4x3x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<4x3x2xf32> -> tensor<4x3xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<4x3xf32> -> tensor<4xi64>
  return %dist, %labels : tensor<4x3xf32>, tensor<4xi64>
}
