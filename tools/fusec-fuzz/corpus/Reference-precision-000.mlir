func.func @add_f16(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  %0 = fuse.add %a, %b : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

func.func @identity_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}

func.func @sum_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %0 = fuse.sum %x, dim = 1 : tensor<2x5xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

func.func @matmul_f16(%a: tensor<1x3xf16>, %b: tensor<3x1xf16>) -> tensor<1x1xf16> {
  %0 = fuse.matmul %a, %b : tensor<1x3xf16>, tensor<3x1xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

func.func @mul_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = fuse.mul %a, %b : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

func.func @add_bf16(%a: tensor<1xbf16>, %b: tensor<1xbf16>) -> tensor<1xbf16> {
  %0 = fuse.add %a, %b : tensor<1xbf16>, tensor<1xbf16> -> tensor<1xbf16>
  return %0 : tensor<1xbf16>
}

func.func @add_f32(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = fuse.add %a, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @exp_f32(%a: tensor<1xf32>) -> tensor<1xf32> {
  %0 = fuse.exp %a : tensor<1xf32>
  return %0 : tensor<1xf32>
}

func.func @square_f16(%a: tensor<1xf16>) -> tensor<1xf16> {
  %0 = fuse.square %a : tensor<1xf16>
  return %0 : tensor<1xf16>
}
