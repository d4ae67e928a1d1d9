func.func @no_fold_across_broadcast(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  %one = fuse.constant dense<1.0> : tensor<3x1xf32>
  %0 = fuse.mul %x, %one : tensor<4xf32>, tensor<3x1xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
