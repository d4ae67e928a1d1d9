func.func @mul_self_is_square(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = fuse.mul %x, %x : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
