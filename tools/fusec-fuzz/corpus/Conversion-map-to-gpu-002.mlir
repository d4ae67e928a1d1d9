func.func @gram_f16(%xh: tensor<?x64xf16>, %ch: tensor<100x64xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x64xf16> to tensor<?x64xf32>
  %c = fuse.cast %ch : tensor<100x64xf16> to tensor<100x64xf32>
  %xsq = fuse.mul %x, %x : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<100x64xf32>, tensor<100x64xf32> -> tensor<100x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<100x64xf32> -> tensor<100xf32>
  %ct = fuse.transpose %c : tensor<100x64xf32> -> tensor<64x100xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x64xf32>, tensor<64x100xf32> -> tensor<?x100xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<100xf32> -> tensor<?x100xf32>
  %d = fuse.sub %n, %xc : tensor<?x100xf32>, tensor<?x100xf32> -> tensor<?x100xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x100xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
