func.func @gemm_feature_heavy(%x: tensor<65536x16384xf32>, %c: tensor<4096x16384xf32>) -> tensor<65536xi64> {
  %xsq = fuse.mul %x, %x : tensor<65536x16384xf32>, tensor<65536x16384xf32> -> tensor<65536x16384xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<65536x16384xf32> -> tensor<65536x1xf32>
  %csq = fuse.mul %c, %c : tensor<4096x16384xf32>, tensor<4096x16384xf32> -> tensor<4096x16384xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<4096x16384xf32> -> tensor<4096xf32>
  %ct = fuse.transpose %c : tensor<4096x16384xf32> -> tensor<16384x4096xf32>
  %xc = fuse.matmul %x, %ct : tensor<65536x16384xf32>, tensor<16384x4096xf32> -> tensor<65536x4096xf32>
  %norms = fuse.add %xx, %cc : tensor<65536x1xf32>, tensor<4096xf32> -> tensor<65536x4096xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<65536x4096xf32> -> tensor<65536x4096xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<65536x4096xf32>, tensor<65536x4096xf32> -> tensor<65536x4096xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<65536x4096xf32> -> tensor<65536xi64>
  return %labels : tensor<65536xi64>
}
