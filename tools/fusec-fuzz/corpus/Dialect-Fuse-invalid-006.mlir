func.func @wrong_result_type(%a: tensor<4x1xf32>, %b: tensor<3xf32>) {
  %0 = fuse.max %a, %b : tensor<4x1xf32>, tensor<3xf32> -> tensor<4x4xf32>
  return
}
