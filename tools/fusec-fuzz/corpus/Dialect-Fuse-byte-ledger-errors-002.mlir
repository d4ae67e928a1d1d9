func.func @loose_running_min(%d: tensor<4x8xf32>) -> tensor<8xi64> {
  %k = arith.constant 4 : index
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<8xf32>, tensor<8xi64> {
  ^bb0(%t: index):
    %c = fuse.take %d[%t], dim = 0 : tensor<4x8xf32> -> tensor<8xf32>
    fuse.yield %c : tensor<8xf32>
  }
  return %idx : tensor<8xi64>
}
