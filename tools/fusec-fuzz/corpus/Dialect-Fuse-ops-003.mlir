func.func @select_and_shape(%c: tensor<?xi1>, %a: tensor<?xf32>, %s: tensor<f32>, %m: tensor<8x16xf32>, %n: index) {
  %0 = fuse.where %c, %a, %s : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %1 = fuse.expand_dims %m, dim = 0 : tensor<8x16xf32> -> tensor<1x8x16xf32>
  %2 = fuse.expand_dims %m, dim = 2 : tensor<8x16xf32> -> tensor<8x16x1xf32>
  %3 = fuse.broadcast_to %s sizes(%n) : tensor<f32> -> tensor<?x3xf32>
  %4 = fuse.broadcast_to %m : tensor<8x16xf32> -> tensor<2x8x16xf32>
  %5 = fuse.transpose %m : tensor<8x16xf32> -> tensor<16x8xf32>
  %j = arith.constant 3 : index
  %6 = fuse.take %m[%j], dim = 1 : tensor<8x16xf32> -> tensor<8xf32>
  %7 = fuse.constant dense<0.25> : tensor<f32>
  %8 = fuse.matmul %m, %5 : tensor<8x16xf32>, tensor<16x8xf32> -> tensor<8x8xf32>
  return
}
