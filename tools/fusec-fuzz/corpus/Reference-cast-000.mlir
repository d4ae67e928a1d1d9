func.func @f32_to_i32(%x: tensor<?xf32>) -> tensor<?xi32> {
  %0 = fuse.cast %x : tensor<?xf32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @f32_to_i1(%x: tensor<5xf32>) -> tensor<5xi1> {
  %0 = fuse.cast %x : tensor<5xf32> to tensor<5xi1>
  return %0 : tensor<5xi1>
}

func.func @from_i1(%b: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0 = fuse.cast %b : tensor<2xi1> to tensor<2xf32>
  %1 = fuse.cast %b : tensor<2xi1> to tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}

func.func @int_casts(%x: tensor<4xi64>, %y: tensor<1xi32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<1xi64>) {
  %0 = fuse.cast %x : tensor<4xi64> to tensor<4xi32>
  %1 = fuse.cast %x : tensor<4xi64> to tensor<4xi1>
  %2 = fuse.cast %y : tensor<1xi32> to tensor<1xi64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi1>, tensor<1xi64>
}

func.func @f32_to_f16(%x: tensor<4xf32>) -> tensor<4xf16> {
  %0 = fuse.cast %x : tensor<4xf32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}

func.func @f32_to_bf16(%x: tensor<3xf32>) -> tensor<3xbf16> {
  %0 = fuse.cast %x : tensor<3xf32> to tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

func.func @int_to_float(%a: tensor<1xi32>, %b: tensor<3xi64>, %c: tensor<1xi64>) -> (tensor<1xf32>, tensor<3xf16>, tensor<1xf32>) {
  %0 = fuse.cast %a : tensor<1xi32> to tensor<1xf32>
  %1 = fuse.cast %b : tensor<3xi64> to tensor<3xf16>
  %2 = fuse.cast %c : tensor<1xi64> to tensor<1xf32>
  return %0, %1, %2 : tensor<1xf32>, tensor<3xf16>, tensor<1xf32>
}
