func.func @kernel(%x: tensor<31x2xf32>, %c: tensor<5x2xf32>) -> (tensor<31xf32>, tensor<31xi64>) {
  %0:2 = fuse.kernel @k ins(%x, %c : tensor<31x2xf32>, tensor<5x2xf32>) -> tensor<31xf32>, tensor<31xi64> {
  ^bb0(%xa: tensor<31x2xf32>, %ca: tensor<5x2xf32>):
    %k = arith.constant 9223372036854775807 : index
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<31xf32>, tensor<31xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %ca[%t], dim = 0 : tensor<5x2xf32> -> tensor<2xf32>
      %d = fuse.sub %xa, %cj : tensor<31x2xf32>, tensor<2xf32> -> tensor<31x2xf32>
      %s = fuse.square %d : tensor<31x2xf32>
      %r = fuse.sum %s, dim = 1 : tensor<31x2xf32> -> tensor<31xf32>
      fuse.yield %r : tensor<31xf32>
    }
    fuse.yield %best, %idx : tensor<31xf32>, tensor<31xi64>
  }
  return %0#0, %0#1 : tensor<31xf32>, tensor<31xi64>
}
