// Nearest-centroid assignment in the Gram form on f16 data with shapes that
// are not tile multiples: 1000 candidates (three 256-candidate tiles and a
// partial one) and 200 features (three 64-feature slices and a partial
// one). With TMA stages the ring runs on across candidate tiles, and 4
// slices per tile put a tile's first slice mid-ring for 3 stages (found on
// the H200: the MMAs read stage slice % stages while the loads had filled
// stage (tile * slices + slice) % stages).
func.func @gemm_argmin_f16_tiles(%xh: tensor<?x200xf16>, %ch: tensor<1000x200xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x200xf16> to tensor<?x200xf32>
  %c = fuse.cast %ch : tensor<1000x200xf16> to tensor<1000x200xf32>
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
