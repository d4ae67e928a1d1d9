func.func @running_min_init_elt(%d: tensor<4xf32>, %v: tensor<4xf16>, %vi: tensor<4xi64>) {
  %n = arith.constant 2 : index
  %b, %i = fuse.running_min min nan = propagate trips(%n) init(%v, %vi : tensor<4xf16>, tensor<4xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}
