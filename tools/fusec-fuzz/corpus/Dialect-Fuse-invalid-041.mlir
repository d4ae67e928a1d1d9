func.func @running_min_yield(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d, %d : tensor<4xf32>, tensor<4xf32>
  }
  return
}
