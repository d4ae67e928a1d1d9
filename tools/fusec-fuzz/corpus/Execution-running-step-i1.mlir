func.func @running_step_i1(%a: tensor<?xi1>, %b: tensor<?xi1>, %l: tensor<?xi64>) -> tensor<?xi64> {
  %c = fuse.cmp gt, %a, %b : tensor<?xi1>, tensor<?xi1> -> tensor<?xi1>
  %k = fuse.constant dense<3> : tensor<i64>
  %w = fuse.where %c, %k, %l : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %w : tensor<?xi64>
}
