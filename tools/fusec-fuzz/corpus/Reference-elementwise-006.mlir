func.func @i32_wrap(%a: tensor<2xi32>, %b: tensor<2xi32>, %c: tensor<2xi32>, %m: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = fuse.add %a, %b : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %1 = fuse.sub %a, %c : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %2 = fuse.mul %m, %m : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}
