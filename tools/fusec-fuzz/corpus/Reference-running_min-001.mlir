func.func @min_propagate(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %arg = fuse.argmin %d, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %best, %idx, %arg : tensor<?xf32>, tensor<?xi64>, tensor<?xi64>
}
