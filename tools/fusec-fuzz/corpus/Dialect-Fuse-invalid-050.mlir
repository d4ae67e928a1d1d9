func.func @namespaced_attribute(%a: tensor<4x3xf32>) {
  %0 = fuse.sum %a, dim = 1 {my.keep_dim, fuse.note = "kept"} : tensor<4x3xf32> -> tensor<4xf32>
  return
}
