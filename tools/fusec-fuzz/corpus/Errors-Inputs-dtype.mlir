func.func @f(%x: tensor<?x512xf32>, %c: tensor<512xf16>) -> tensor<?x512xf32> {
  %d = fuse.sub %x, %c : tensor<?x512xf32>, tensor<512xf16> -> tensor<?x512xf32>
  return %d : tensor<?x512xf32>
}
