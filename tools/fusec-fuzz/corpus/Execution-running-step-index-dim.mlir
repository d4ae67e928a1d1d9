func.func @running_step_index_dim(%x: tensor<?x1xf32>, %l: tensor<?xi64>) -> tensor<?x?xi64> {
  %z = fuse.constant dense<0.0> : tensor<f32>
  %b = fuse.cmp gt, %x, %z : tensor<?x1xf32>, tensor<f32> -> tensor<?x1xi1>
  %k = fuse.constant dense<7> : tensor<i64>
  %w = fuse.where %b, %k, %l : tensor<?x1xi1>, tensor<i64>, tensor<?xi64> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}
