// Only the candidate norms passed in; the kernel accumulates the row norms.
func.func @gin_cc_f16(%xh: tensor<?x8192xf16>, %ch: tensor<8192x8192xf16>, %cc: tensor<8192xf32>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x8192xf16> to tensor<?x8192xf32>
  %c = fuse.cast %ch : tensor<8192x8192xf16> to tensor<8192x8192xf32>
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
