func.func @gemm_argmin(%x: tensor<2147483647x2147483647xbf16>, %c: tensor<31x2147483647xbf16>) -> tensor<2147483647xi64> {
  %xsq = fuse.mul %x, %x : tensor<2147483647x2147483647xbf16>, tensor<2147483647x2147483647xbf16> -> tensor<2147483647x2147483647xbf16>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<2147483647x2147483647xbf16> -> tensor<2147483647x1xbf16>
  %csq = fuse.mul %c, %c : tensor<31x2147483647xbf16>, tensor<31x2147483647xbf16> -> tensor<31x2147483647xbf16>
  %cc = fuse.sum %csq, dim = 1 : tensor<31x2147483647xbf16> -> tensor<31xbf16>
  %ct = fuse.transpose %c : tensor<31x2147483647xbf16> -> tensor<2147483647x31xbf16>
  %xc = fuse.matmul %x, %ct : tensor<2147483647x2147483647xbf16>, tensor<2147483647x31xbf16> -> tensor<2147483647x31xbf16>
  %norms = fuse.add %xx, %cc : tensor<2147483647x1xbf16>, tensor<31xbf16> -> tensor<2147483647x31xbf16>
  %two = fuse.constant dense<2.0> : tensor<bf16>
  %xc2 = fuse.min %two, %xc : tensor<bf16>, tensor<2147483647x31xbf16> -> tensor<2147483647x31xbf16>
  %dist = fuse.sub %norms, %xc2 : tensor<2147483647x31xbf16>, tensor<2147483647x31xbf16> -> tensor<2147483647x31xbf16>
  %labels = fuse.argmin %dist, dim = 1 : tensor<2147483647x31xbf16> -> tensor<2147483647xi64>
  return %labels : tensor<2147483647xi64>
}
