func.func @center2(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %m : tensor<?x2xf32>, tensor<?x1xf32> -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

func.func @softmax_rows(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x3xf32> -> tensor<?x1xf32>
  %s = fuse.sub %x, %m : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x3xf32>
  %e = fuse.exp %s : tensor<?x3xf32>
  %z = fuse.sum %e, dim = 1 keepdim : tensor<?x3xf32> -> tensor<?x1xf32>
  %y = fuse.div %e, %z : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
