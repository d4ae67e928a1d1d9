func.func @mixed_f16_f32(%a: tensor<4xf16>, %b: tensor<4xf32>) {
  %0 = fuse.add %a, %b : tensor<4xf16>, tensor<4xf32> -> tensor<4xf32>
  return
}
