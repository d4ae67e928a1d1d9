func.func @running_min_with_state(%d: tensor<?xf32>, %bd: tensor<?xf32>, %bi: tensor<?xi64>, %j: tensor<i64>) -> tensor<?xi64> {
  %r = fuse.kernel @step ins(%d, %bd, %bi, %j : tensor<?xf32>, tensor<?xf32>, tensor<?xi64>, tensor<i64>) -> tensor<?xi64> {
  ^bb0(%da: tensor<?xf32>, %bda: tensor<?xf32>, %bia: tensor<?xi64>, %ja: tensor<i64>):
    %one = arith.constant 1 : index
    %best, %idx = fuse.running_min max nan = ignore trips(%one) init(%bda, %bia : tensor<?xf32>, tensor<?xi64>) offset(%ja : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      fuse.yield %da : tensor<?xf32>
    }
    fuse.yield %idx : tensor<?xi64>
  }
  return %r : tensor<?xi64>
}
