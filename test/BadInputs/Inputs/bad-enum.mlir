func.func @f(%c: tensor<8x4xf32>) -> tensor<4xi64> {
  %k = arith.constant 8 : index
  %best, %idx = fuse.running_min avg nan = propagate trips(%k) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    %ct = fuse.take %c[%t], dim = 0 : tensor<8x4xf32> -> tensor<4xf32>
    fuse.yield %ct : tensor<4xf32>
  }
  return %idx : tensor<4xi64>
}
