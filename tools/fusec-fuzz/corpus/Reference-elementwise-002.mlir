func.func @maxmin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = fuse.max %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = fuse.min %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
