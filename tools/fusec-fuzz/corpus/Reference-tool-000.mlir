func.func @id_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}

func.func @id_f64(%x: tensor<6xf64>) -> tensor<6xf64> {
  return %x : tensor<6xf64>
}

func.func @id_ints(%b: tensor<4xi1>, %i: tensor<2xi64>) -> (tensor<4xi1>, tensor<2xi64>) {
  return %b, %i : tensor<4xi1>, tensor<2xi64>
}

func.func @third(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f32>, %d: tensor<f32>) -> (tensor<f64>, tensor<f32>) {
  %0 = fuse.div %a, %b : tensor<f64>, tensor<f64> -> tensor<f64>
  %1 = fuse.div %c, %d : tensor<f32>, tensor<f32> -> tensor<f32>
  return %0, %1 : tensor<f64>, tensor<f32>
}
