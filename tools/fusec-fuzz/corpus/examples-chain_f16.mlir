func.func @chain(%x: tensor<?xf16>) -> tensor<?xf16> {
  %two = fuse.constant dense<2.0> : tensor<f16>
  %one = fuse.constant dense<1.0> : tensor<f16>
  %half = fuse.constant dense<0.5> : tensor<f16>
  %a = fuse.mul %x, %two : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  %b = fuse.add %a, %one : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  %r = fuse.relu %b : tensor<?xf16>
  %y = fuse.mul %r, %half : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  return %y : tensor<?xf16>
}
