func.func @forced_ties(%x: tensor<?x1xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %zeros = fuse.constant dense<0.0> : tensor<5xf32>
  %a = fuse.add %x, %zeros : tensor<?x1xf32>, tensor<5xf32> -> tensor<?x5xf32>
  %amin = fuse.argmin %a, dim = 1 : tensor<?x5xf32> -> tensor<?xi64>
  %amax = fuse.argmax %a, dim = 1 : tensor<?x5xf32> -> tensor<?xi64>
  return %amin, %amax : tensor<?xi64>, tensor<?xi64>
}
