func.func @gemm_sample_heavy(%x: tensor<131072x8192xf32>, %c: tensor<8192x8192xf32>) -> tensor<131072xi64> {
  %xsq = fuse.mul %x, %x : tensor<131072x8192xf32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<131072x8192xf32> -> tensor<131072x1xf32>
  %csq = fuse.mul %c, %c : tensor<8192x8192xf32>, tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<8192x8192xf32> -> tensor<8192xf32>
  %ct = fuse.transpose %c : tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %xc = fuse.matmul %x, %ct : tensor<131072x8192xf32>, tensor<8192x8192xf32> -> tensor<131072x8192xf32>
  %norms = fuse.add %xx, %cc : tensor<131072x1xf32>, tensor<8192xf32> -> tensor<131072x8192xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<131072x8192xf32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<131072x8192xf32> -> tensor<131072xi64>
  return %labels : tensor<131072xi64>
}
