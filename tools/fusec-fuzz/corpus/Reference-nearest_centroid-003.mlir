func.func @gemm(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xsq = fuse.mul %x, %x : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<2x2xf32> -> tensor<2xf32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}
