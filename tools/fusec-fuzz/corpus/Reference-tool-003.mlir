func.func @id_ints(%b: tensor<4xi1>, %i: tensor<2xi64>) -> (tensor<4xi1>, tensor<2xi64>) {
  return %b, %i : tensor<4xi1>, tensor<2xi64>
}
