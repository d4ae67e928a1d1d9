func.func @unknown_attribute_no_own(%a: tensor<4xf32>) {
  %0 = fuse.relu %a {inplace = true} : tensor<4xf32>
  return
}
