func.func @init_offset(%d: tensor<?x?xf32>, %bv: tensor<?xf32>, %bi: tensor<?xi64>, %off: tensor<i64>)
    -> (tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %b0, %i0 = fuse.running_min min nan = ignore trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %b0, %i0, %b1, %i1 : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>
}
