func.func @to_i32(%x: tensor<2xf64>) -> tensor<2xi32> {
  %0 = fuse.cast %x : tensor<2xf64> to tensor<2xi32>
  return %0 : tensor<2xi32>
}
