func.func @f32_to_bf16(%x: tensor<3xf32>) -> tensor<3xbf16> {
  %0 = fuse.cast %x : tensor<3xf32> to tensor<3xbf16>
  return %0 : tensor<3xbf16>
}
