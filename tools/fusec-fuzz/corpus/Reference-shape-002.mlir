func.func @bcast(%s: tensor<f32>, %y: tensor<?xf32>, %r: tensor<3xi32>, %c: tensor<2x1xi32>) -> (tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?xf32>
  %0 = fuse.broadcast_to %s sizes(%n) : tensor<f32> -> tensor<?x3xf32>
  %1 = fuse.broadcast_to %r : tensor<3xi32> -> tensor<2x3xi32>
  %2 = fuse.broadcast_to %c : tensor<2x1xi32> -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>
}
