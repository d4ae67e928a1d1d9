func.func @constants() -> (tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>) {
  %0 = fuse.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = arith.constant dense<[true, false]> : tensor<2xi1>
  %2 = fuse.constant dense<0x7F800000> : tensor<f32>
  %3 = fuse.constant dense<[1.5, -2.5]> : tensor<2xbf16>
  %4 = arith.constant dense<-7> : tensor<3xi64>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>
}
