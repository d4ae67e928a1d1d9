// Nearest-centroid assignment in the Gram form on f16 data with more
// candidate tiles than persistent blocks cache: 8300 candidates are 32
// 256-candidate tiles and a partial one, and 72 features a slice and a
// partial one. At 128x256 with 4 stages a block keeps the norms of 31
// tiles; the last two share a slot and are accumulated for every row tile.
func.func @gemm_argmin_f16_wide(%xh: tensor<?x72xf16>, %ch: tensor<8300x72xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x72xf16> to tensor<?x72xf32>
  %c = fuse.cast %ch : tensor<8300x72xf16> to tensor<8300x72xf32>
  %xsq = fuse.mul %x, %x : tensor<?x72xf32>, tensor<?x72xf32> -> tensor<?x72xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x72xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<8300x72xf32>, tensor<8300x72xf32> -> tensor<8300x72xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<8300x72xf32> -> tensor<8300xf32>
  %ct = fuse.transpose %c : tensor<8300x72xf32> -> tensor<72x8300xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x72xf32>, tensor<72x8300xf32> -> tensor<?x8300xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<8300xf32> -> tensor<?x8300xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x8300xf32> -> tensor<?x8300xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x8300xf32>, tensor<?x8300xf32> -> tensor<?x8300xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x8300xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
