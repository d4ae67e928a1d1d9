func.func @int_candidates(%d: tensor<2x3xi32>) -> (tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %b0, %i0 = fuse.running_min min nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  %b1, %i1 = fuse.running_min max nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  return %b0, %i0, %b1, %i1 : tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>
}
