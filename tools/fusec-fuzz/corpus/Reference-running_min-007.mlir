func.func @scalar_candidate(%v: tensor<2xf32>, %bv: tensor<3xf32>, %bi: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %best, %idx = fuse.running_min min nan = ignore trips(%c2) init(%bv, %bi : tensor<3xf32>, tensor<3xi64>) : tensor<3xf32>, tensor<3xi64> {
  ^bb0(%t: index):
    %x = fuse.take %v[%t], dim = 0 : tensor<2xf32> -> tensor<f32>
    fuse.yield %x : tensor<f32>
  }
  return %best, %idx : tensor<3xf32>, tensor<3xi64>
}
