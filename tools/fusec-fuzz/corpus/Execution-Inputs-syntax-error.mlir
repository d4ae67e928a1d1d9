func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y = fuse.bogus %x : tensor<?xf32>
  return %y : tensor<?xf32>
}
