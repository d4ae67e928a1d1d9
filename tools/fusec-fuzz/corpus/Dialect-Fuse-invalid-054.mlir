func.func @matmul_product_too_large(%x: tensor<2147483647x2147483647xbf16>, %c: tensor<2147483647x31xbf16>) {
  %0 = fuse.matmul %x, %c : tensor<2147483647x2147483647xbf16>, tensor<2147483647x31xbf16> -> tensor<2147483647x31xbf16>
  return
}
