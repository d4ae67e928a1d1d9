func.func @f32_to_i1(%x: tensor<5xf32>) -> tensor<5xi1> {
  %0 = fuse.cast %x : tensor<5xf32> to tensor<5xi1>
  return %0 : tensor<5xi1>
}
