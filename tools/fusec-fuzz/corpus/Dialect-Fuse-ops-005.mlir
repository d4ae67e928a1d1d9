func.func @kernel_and_running_min(%x: tensor<?x4xf32>, %c: tensor<3x4xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0:2 = fuse.kernel @k ins(%x, %c : tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?xf32>, tensor<?xi64> {
  ^bb0(%xa: tensor<?x4xf32>, %ca: tensor<3x4xf32>):
    %k = arith.constant 3 : index
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %ca[%t], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
      %d = fuse.sub %xa, %cj : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
      %s = fuse.square %d : tensor<?x4xf32>
      %r = fuse.sum %s, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
      fuse.yield %r : tensor<?xf32>
    }
    fuse.yield %best, %idx : tensor<?xf32>, tensor<?xi64>
  }
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>
}
