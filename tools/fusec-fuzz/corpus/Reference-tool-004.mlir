func.func @third(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f32>, %d: tensor<f32>) -> (tensor<f64>, tensor<f32>) {
  %0 = fuse.div %a, %b : tensor<f64>, tensor<f64> -> tensor<f64>
  %1 = fuse.div %c, %d : tensor<f32>, tensor<f32> -> tensor<f32>
  return %0, %1 : tensor<f64>, tensor<f32>
}
