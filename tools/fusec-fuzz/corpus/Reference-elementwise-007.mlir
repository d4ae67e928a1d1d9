func.func @i64_wrap(%a: tensor<1xi64>) -> tensor<1xi64> {
  %one = fuse.constant dense<1> : tensor<i64>
  %0 = fuse.add %a, %one : tensor<1xi64>, tensor<i64> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
