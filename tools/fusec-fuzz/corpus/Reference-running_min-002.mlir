func.func @min_ignore(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = ignore trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}
