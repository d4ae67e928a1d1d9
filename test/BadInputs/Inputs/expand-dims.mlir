func.func @f(%x: tensor<?x512xf32>) -> tensor<?x512x1xf32> {
  %0 = fuse.expand_dims %x, dim = 3 : tensor<?x512xf32> -> tensor<?x512x1xf32>
  return %0 : tensor<?x512x1xf32>
}
