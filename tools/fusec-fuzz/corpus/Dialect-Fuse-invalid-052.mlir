func.func @huge_broadcast(%a: tensor<1x1152921504606846976xf32>, %b: tensor<2x1xf32>) {
  %0 = fuse.add %a, %b : tensor<1x1152921504606846976xf32>, tensor<2x1xf32> -> tensor<2x1152921504606846976xf32>
  return
}
