func.func @gemm_argmin_f16(%xh: tensor<?x512xf16>, %ch: tensor<256x512xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x512xf16> to tensor<?x512xf32>
  %c = fuse.cast %ch : tensor<256x512xf16> to tensor<256x512xf32>
  %xsq = fuse.mul %x, %x : tensor<?x512xf32>, tensor<?x512xf32> -> tensor<?x512xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x512xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<256x512xf32>, tensor<256x512xf32> -> tensor<256x512xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<256x512xf32> -> tensor<256xf32>
  %ct = fuse.transpose %c : tensor<256x512xf32> -> tensor<512x256xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x512xf32>, tensor<512x256xf32> -> tensor<?x256xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<256xf32> -> tensor<?x256xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x256xf32> -> tensor<?x256xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x256xf32>, tensor<?x256xf32> -> tensor<?x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
