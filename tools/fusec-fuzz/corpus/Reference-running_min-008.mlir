func.func @zero_trips(%k: index, %bv: tensor<2xf32>, %bi: tensor<2xi64>)
    -> (tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>) {
  %b0, %i0 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<2xf32>, tensor<2xi64>) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    %big = arith.constant 1000 : index
    %u = arith.addi %t, %big : index
    %row = fuse.take %bv[%u], dim = 0 : tensor<2xf32> -> tensor<f32>
    %b = fuse.broadcast_to %row : tensor<f32> -> tensor<2xf32>
    fuse.yield %b : tensor<2xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  %b2, %i2 = fuse.running_min max nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  return %b0, %i0, %b1, %i1, %b2 : tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>
}
