func.func @running_min_bool(%d: tensor<4xi1>) {
  %n = arith.constant 2 : index
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xi32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xi1>
  }
  return
}
