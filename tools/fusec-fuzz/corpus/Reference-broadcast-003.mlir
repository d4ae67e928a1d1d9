func.func @scalar_mul(%s: tensor<f32>, %x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.mul %s, %x : tensor<f32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
