func.func @int_casts(%x: tensor<4xi64>, %y: tensor<1xi32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<1xi64>) {
  %0 = fuse.cast %x : tensor<4xi64> to tensor<4xi32>
  %1 = fuse.cast %x : tensor<4xi64> to tensor<4xi1>
  %2 = fuse.cast %y : tensor<1xi32> to tensor<1xi64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi1>, tensor<1xi64>
}
