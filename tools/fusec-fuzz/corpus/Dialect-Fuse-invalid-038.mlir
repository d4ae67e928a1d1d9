func.func @running_min_offset(%d: tensor<4xf32>, %o: tensor<4xi64>) {
  %n = arith.constant 2 : index
  %b, %i = fuse.running_min min nan = propagate trips(%n) offset(%o : tensor<4xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}
