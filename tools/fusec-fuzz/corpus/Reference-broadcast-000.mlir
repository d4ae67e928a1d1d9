func.func @col_plus_row(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = fuse.add %a, %b : tensor<3x1xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @dynamic_sub(%a: tensor<?x1xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = fuse.sub %a, %b : tensor<?x1xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @scalar_mul(%s: tensor<f32>, %x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.mul %s, %x : tensor<f32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

func.func @both_stretch(%a: tensor<2x1x3xi64>, %b: tensor<1x2x1xi64>) -> tensor<2x2x3xi64> {
  %0 = fuse.add %a, %b : tensor<2x1x3xi64>, tensor<1x2x1xi64> -> tensor<2x2x3xi64>
  return %0 : tensor<2x2x3xi64>
}

func.func @where_broadcast(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = fuse.where %c, %a, %b : tensor<2x1xi1>, tensor<3xf32>, tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @cmp_scalar(%a: tensor<?xi32>, %z: tensor<i32>) -> tensor<?xi1> {
  %0 = fuse.cmp gt, %a, %z : tensor<?xi32>, tensor<i32> -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

func.func @dyn_add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fuse.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
