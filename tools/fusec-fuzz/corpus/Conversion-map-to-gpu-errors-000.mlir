func.func @dims(%x: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %0, %1 : index, index
}
