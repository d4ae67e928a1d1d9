func.func @g(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> {
  %y = fuse.neg %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
