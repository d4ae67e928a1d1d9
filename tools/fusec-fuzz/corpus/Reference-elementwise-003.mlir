func.func @unary(%x: tensor<4xf32>, %y: tensor<2xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>) {
  %0 = fuse.square %x : tensor<4xf32>
  %1 = fuse.neg %x : tensor<4xf32>
  %2 = fuse.abs %x : tensor<4xf32>
  %3 = fuse.relu %x : tensor<4xf32>
  %4 = fuse.sqrt %x : tensor<4xf32>
  %5 = fuse.exp %y : tensor<2xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>
}
