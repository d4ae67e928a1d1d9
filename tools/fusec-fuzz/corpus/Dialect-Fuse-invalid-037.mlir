func.func @running_min_init(%d: tensor<4xf32>, %v: tensor<4xf32>) {
  %n = arith.constant 2 : index
  %b, %i = "fuse.running_min"(%n, %v) ({
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }) {kind = 0 : i32, nan = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  return
}
