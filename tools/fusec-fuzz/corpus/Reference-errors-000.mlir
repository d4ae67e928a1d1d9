func.func @dyn_add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fuse.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @idiv(%a: tensor<3xi32>, %b: tensor<?xi32>) -> tensor<3xi32> {
  %0 = fuse.div %a, %b : tensor<3xi32>, tensor<?xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

func.func @take_dyn(%c: tensor<?x2xf32>, %j: index) -> tensor<2xf32> {
  %0 = fuse.take %c[%j], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @to_i32(%x: tensor<2xf64>) -> tensor<2xi32> {
  %0 = fuse.cast %x : tensor<2xf64> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @static3(%a: tensor<3xi32>) -> tensor<3xi32> {
  return %a : tensor<3xi32>
}
func.func @half(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}

func.func @unsupported(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = arith.addf %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @huge(%n: index, %s: tensor<f32>) -> tensor<?x?xf32> {
  %0 = fuse.broadcast_to %s sizes(%n, %n) : tensor<f32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @index_overflow(%n: index) -> index {
  %0 = arith.addi %n, %n : index
  return %0 : index
}

func.func @bcast_dyn(%x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = fuse.broadcast_to %x : tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @matmul_dyn(%a: tensor<2x?xf32>, %b: tensor<?x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.matmul %a, %b : tensor<2x?xf32>, tensor<?x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

func.func @argmin_empty(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

func.func @running(%d: tensor<?x?xf32>, %k: index) -> tensor<?xi64> {
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %idx : tensor<?xi64>
}
