func.func @gram(%x: tensor<?x64xf32>, %c: tensor<10x64xf32>) -> tensor<?xi64> {
  %xsq = fuse.mul %x, %x : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<10x64xf32>, tensor<10x64xf32> -> tensor<10x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<10x64xf32> -> tensor<10xf32>
  %ct = fuse.transpose %c : tensor<10x64xf32> -> tensor<64x10xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x64xf32>, tensor<64x10xf32> -> tensor<?x10xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<10xf32> -> tensor<?x10xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %d = fuse.sub %n, %xc2 : tensor<?x10xf32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x10xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
