func.func @constant_type() {
  %0 = "fuse.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<2xf32>
  return
}
