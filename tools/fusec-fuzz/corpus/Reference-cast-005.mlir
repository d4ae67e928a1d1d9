func.func @f32_to_f16(%x: tensor<4xf32>) -> tensor<4xf16> {
  %0 = fuse.cast %x : tensor<4xf32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}
