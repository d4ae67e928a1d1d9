// The only function of the file: fuse-eval picks it without --func.
func.func @only() -> tensor<2xf32> {
  %0 = fuse.constant dense<[0.25, -0.25]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
