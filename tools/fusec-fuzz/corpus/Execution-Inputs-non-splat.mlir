func.func @h(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %w = fuse.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = fuse.mul %x, %w : tensor<?x3xf32>, tensor<3xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
