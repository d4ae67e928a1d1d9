func.func @misspelled_generic(%a: tensor<4x3xf32>) {
  %0 = "fuse.sum"(%a) {dimension = 1 : i64} : (tensor<4x3xf32>) -> tensor<4xf32>
  return
}
