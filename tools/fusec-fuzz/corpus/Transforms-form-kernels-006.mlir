func.func @center2(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %m : tensor<?x2xf32>, tensor<?x1xf32> -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}
