func.func @running_min_broadcast(%d: tensor<4xf32>, %v: tensor<3xf32>, %vi: tensor<3xi64>) {
  %n = arith.constant 2 : index
  %b, %i = fuse.running_min min nan = propagate trips(%n) init(%v, %vi : tensor<3xf32>, tensor<3xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}
