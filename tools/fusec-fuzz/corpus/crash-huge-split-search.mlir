func.func @gram(%x: tensor<256x64xf32>, %c: tensor<4294967296x64xf32>) -> tensor<256xi64> {
  %xsq = fuse.mul %x, %x : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<256x64xf32> -> tensor<256x1xf32>
  %csq = fuse.mul %c, %c : tensor<4294967296x64xf32>, tensor<4294967296x64xf32> -> tensor<4294967296x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<4294967296x64xf32> -> tensor<4294967296xf32>
  %ct = fuse.transpose %c : tensor<4294967296x64xf32> -> tensor<64x4294967296xf32>
  %xc = fuse.matmul %x, %ct : tensor<256x64xf32>, tensor<64x4294967296xf32> -> tensor<256x4294967296xf32>
  %n = fuse.add %xx, %cc : tensor<256x1xf32>, tensor<4294967296xf32> -> tensor<256x4294967296xf32>
  %d = fuse.sub %n, %xc : tensor<256x4294967296xf32>, tensor<256x4294967296xf32> -> tensor<256x4294967296xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<256x4294967296xf32> -> tensor<256xi64>
  return %l : tensor<256xi64>
}
