func.func @exact_splat(%x: tensor<4xi64>) -> tensor<4xi64> {
  %c = fuse.constant dense<9007199254740993> : tensor<i64>
  %y = fuse.add %x, %c : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  return %y : tensor<4xi64>
}
