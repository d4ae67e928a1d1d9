func.func @expand(%x: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2x1xf32>) {
  %0 = fuse.expand_dims %x, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %1 = fuse.expand_dims %x, dim = 2 : tensor<2x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<1x2x2xf32>, tensor<2x2x1xf32>
}

func.func @bcast(%s: tensor<f32>, %y: tensor<?xf32>, %r: tensor<3xi32>, %c: tensor<2x1xi32>) -> (tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?xf32>
  %0 = fuse.broadcast_to %s sizes(%n) : tensor<f32> -> tensor<?x3xf32>
  %1 = fuse.broadcast_to %r : tensor<3xi32> -> tensor<2x3xi32>
  %2 = fuse.broadcast_to %c : tensor<2x1xi32> -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>
}

func.func @transpose(%a: tensor<2x3xi64>, %b: tensor<2x1x2xf32>) -> (tensor<3x2xi64>, tensor<2x2x1xf32>) {
  %0 = fuse.transpose %a : tensor<2x3xi64> -> tensor<3x2xi64>
  %1 = fuse.transpose %b : tensor<2x1x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<3x2xi64>, tensor<2x2x1xf32>
}

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

func.func @matmul(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>, %x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<2x2xi32>, tensor<?x2xf32>) {
  %0 = fuse.matmul %a, %b : tensor<2x2xi32>, tensor<2x2xi32> -> tensor<2x2xi32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %1 = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<?x2xf32>
}

func.func @dims(%x: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %0, %1 : index, index
}

func.func @constants() -> (tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>) {
  %0 = fuse.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = arith.constant dense<[true, false]> : tensor<2xi1>
  %2 = fuse.constant dense<0x7F800000> : tensor<f32>
  %3 = fuse.constant dense<[1.5, -2.5]> : tensor<2xbf16>
  %4 = arith.constant dense<-7> : tensor<3xi64>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>
}
