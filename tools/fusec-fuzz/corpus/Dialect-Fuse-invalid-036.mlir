func.func @yield_outside(%a: tensor<4xf32>) {
  fuse.yield %a : tensor<4xf32>
}
