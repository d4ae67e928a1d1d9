func.func @from_i1(%b: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0 = fuse.cast %b : tensor<2xi1> to tensor<2xf32>
  %1 = fuse.cast %b : tensor<2xi1> to tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}
