func.func @f32_to_i32(%x: tensor<?xf32>) -> tensor<?xi32> {
  %0 = fuse.cast %x : tensor<?xf32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}
