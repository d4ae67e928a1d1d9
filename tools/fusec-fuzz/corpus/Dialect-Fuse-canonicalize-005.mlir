func.func @identities(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %one = fuse.constant dense<1.0> : tensor<f32>
  %zero = fuse.constant dense<0.0> : tensor<f32>
  %izero = fuse.constant dense<0> : tensor<i32>
  %0 = fuse.mul %x, %one : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %1 = fuse.div %x, %one : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %2 = fuse.sub %x, %zero : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %3 = fuse.add %i, %izero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %4 = fuse.add %x, %zero : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}
