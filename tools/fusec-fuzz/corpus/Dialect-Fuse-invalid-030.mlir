func.func @argmin_result(%d: tensor<4x5xf32>) {
  %0 = "fuse.argmin"(%d) {dim = 1 : i64} : (tensor<4x5xf32>) -> tensor<4xi32>
  return
}
