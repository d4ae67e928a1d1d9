func.func @take(%c: tensor<?x2xf32>, %j: index) -> (tensor<2xf32>, tensor<?xf32>, tensor<2xf32>, tensor<2xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = fuse.take %c[%c2], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  %1 = fuse.take %c[%c1], dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %sum = arith.addi %c1, %c2 : index
  %prod = arith.muli %sum, %c1 : index
  %k = arith.subi %prod, %c1 : index
  %2 = fuse.take %c[%k], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  %3 = fuse.take %c[%j], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<?xf32>, tensor<2xf32>, tensor<2xf32>
}
