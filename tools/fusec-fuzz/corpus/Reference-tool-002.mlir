func.func @id_f64(%x: tensor<6xf64>) -> tensor<6xf64> {
  return %x : tensor<6xf64>
}
