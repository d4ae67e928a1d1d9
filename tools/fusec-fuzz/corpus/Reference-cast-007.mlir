func.func @int_to_float(%a: tensor<1xi32>, %b: tensor<3xi64>, %c: tensor<1xi64>) -> (tensor<1xf32>, tensor<3xf16>, tensor<1xf32>) {
  %0 = fuse.cast %a : tensor<1xi32> to tensor<1xf32>
  %1 = fuse.cast %b : tensor<3xi64> to tensor<3xf16>
  %2 = fuse.cast %c : tensor<1xi64> to tensor<1xf32>
  return %0, %1, %2 : tensor<1xf32>, tensor<3xf16>, tensor<1xf32>
}
