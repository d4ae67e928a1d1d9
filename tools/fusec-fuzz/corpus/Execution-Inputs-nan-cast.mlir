func.func @to_int(%x: tensor<?x4xf32>) -> tensor<?x4xi32> {
  %i = fuse.cast %x : tensor<?x4xf32> to tensor<?x4xi32>
  return %i : tensor<?x4xi32>
}
