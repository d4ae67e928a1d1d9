func.func @gram_given_cc(%x: tensor<?x8192xf32>, %c: tensor<8192x8192xf32>, %cc: tensor<8192xf32>) -> tensor<?xi64> {
  %xsq = fuse.mul %x, %x : tensor<?x8192xf32>, tensor<?x8192xf32> -> tensor<?x8192xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x8192xf32> -> tensor<?x1xf32>
  %ct = fuse.transpose %c : tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x8192xf32>, tensor<8192x8192xf32> -> tensor<?x8192xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<8192xf32> -> tensor<?x8192xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x8192xf32> -> tensor<?x8192xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x8192xf32>, tensor<?x8192xf32> -> tensor<?x8192xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x8192xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
