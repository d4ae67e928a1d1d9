func.func @huge_operand(%x: tensor<4611686018427387904x8xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<4611686018427387904x8xf32> -> tensor<4611686018427387904xf32>
  return
}
