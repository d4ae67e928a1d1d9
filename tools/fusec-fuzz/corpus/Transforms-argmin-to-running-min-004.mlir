func.func @kinds(%s: tensor<5x?xf32>) -> (tensor<5x1xi64>, tensor<5xf32>) {
  %e = fuse.exp %s : tensor<5x?xf32>
  %a = fuse.argmax %e, dim = 1 keepdim : tensor<5x?xf32> -> tensor<5x1xi64>
  %m = fuse.reduce_min %e, dim = 1 : tensor<5x?xf32> -> tensor<5xf32>
  return %a, %m : tensor<5x1xi64>, tensor<5xf32>
}
