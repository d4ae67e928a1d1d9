func.func @int_unary(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %zero = arith.constant dense<0> : tensor<i32>
  %0 = fuse.neg %x : tensor<4xi32>
  %1 = fuse.abs %x : tensor<4xi32>
  %2 = fuse.relu %x : tensor<4xi32>
  %3 = fuse.square %x : tensor<4xi32>
  %4 = fuse.max %x, %zero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %5 = fuse.min %x, %zero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
