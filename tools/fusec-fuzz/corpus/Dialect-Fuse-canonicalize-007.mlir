func.func @constant_folding() -> (tensor<f32>, tensor<i64>, tensor<f32>) {
  %two = fuse.constant dense<2.0> : tensor<f32>
  %three = fuse.constant dense<3.0> : tensor<f32>
  %nan = fuse.constant dense<0x7FC00000> : tensor<f32>
  %one_f = fuse.constant dense<1.0> : tensor<f32>
  %a = fuse.mul %two, %three : tensor<f32>, tensor<f32> -> tensor<f32>
  %b = fuse.add %a, %one_f : tensor<f32>, tensor<f32> -> tensor<f32>
  %i3 = fuse.constant dense<3> : tensor<i64>
  %i6 = fuse.constant dense<6> : tensor<i64>
  %c = fuse.sub %i3, %i6 : tensor<i64>, tensor<i64> -> tensor<i64>
  %d = fuse.max %nan, %two : tensor<f32>, tensor<f32> -> tensor<f32>
  return %b, %c, %d : tensor<f32>, tensor<i64>, tensor<f32>
}
