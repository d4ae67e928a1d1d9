func.func @huge_k(%x: tensor<256x64xf32>, %c: tensor<4294967296x64xf32>) -> tensor<256xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<256x64xf32> -> tensor<256x1x64xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<4294967296x64xf32> -> tensor<1x4294967296x64xf32>
  %d = fuse.sub %xe, %ce : tensor<256x1x64xf32>, tensor<1x4294967296x64xf32> -> tensor<256x4294967296x64xf32>
  %sq = fuse.square %d : tensor<256x4294967296x64xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<256x4294967296x64xf32> -> tensor<256x4294967296xf32>
  %l = fuse.argmin %dist, dim = 1 : tensor<256x4294967296xf32> -> tensor<256xi64>
  return %l : tensor<256xi64>
}
