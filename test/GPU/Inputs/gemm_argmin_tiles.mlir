// Nearest-centroid assignment in the Gram form on f32 data with shapes that
// are not tile multiples: 1000 candidates (seven 128-candidate tiles and a
// partial one) and 200 features (six 32-feature slices and a partial one),
// with 16-byte-aligned rows so that sm_90a's 3xTF32 runs on wgmma. With the
// two stages of the split producer, a tile of 7 slices starts every other
// tile mid-ring.
func.func @gemm_argmin_tiles(%x: tensor<?x200xf32>, %c: tensor<1000x200xf32>) -> tensor<?xi64> {
  %xsq = fuse.mul %x, %x : tensor<?x200xf32>, tensor<?x200xf32> -> tensor<?x200xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x200xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<1000x200xf32>, tensor<1000x200xf32> -> tensor<1000x200xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<1000x200xf32> -> tensor<1000xf32>
  %ct = fuse.transpose %c : tensor<1000x200xf32> -> tensor<200x1000xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x200xf32>, tensor<200x1000xf32> -> tensor<?x1000xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<1000xf32> -> tensor<?x1000xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x1000xf32> -> tensor<?x1000xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x1000xf32>, tensor<?x1000xf32> -> tensor<?x1000xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x1000xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
