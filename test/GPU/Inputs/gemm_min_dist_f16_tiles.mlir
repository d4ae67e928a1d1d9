// Each row's smallest squared distance to 1000 candidates, on f16 data
// with 200 features (the tiles' shapes). The distance holds the row norm,
// which the labels alone never show: with TMA both warpgroups accumulate
// half of each row's features, and the epilogue adds the halves.
func.func @gemm_min_dist_f16_tiles(%xh: tensor<?x200xf16>, %ch: tensor<1000x200xf16>) -> tensor<?xf32> {
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
  %mins = fuse.reduce_min %dist, dim = 1 : tensor<?x1000xf32> -> tensor<?xf32>
  return %mins : tensor<?xf32>
}
