func.func @centered(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %s = fuse.sum %x, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %s : tensor<?x64xf32>, tensor<?x1xf32> -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}
