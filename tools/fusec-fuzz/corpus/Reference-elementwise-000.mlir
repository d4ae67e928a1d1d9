func.func @fdiv(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fuse.div %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @maxmin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = fuse.max %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = fuse.min %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

func.func @unary(%x: tensor<4xf32>, %y: tensor<2xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>) {
  %0 = fuse.square %x : tensor<4xf32>
  %1 = fuse.neg %x : tensor<4xf32>
  %2 = fuse.abs %x : tensor<4xf32>
  %3 = fuse.relu %x : tensor<4xf32>
  %4 = fuse.sqrt %x : tensor<4xf32>
  %5 = fuse.exp %y : tensor<2xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>
}

func.func @compare(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = fuse.cmp lt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %1 = fuse.cmp le, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %2 = fuse.cmp eq, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %3 = fuse.cmp ne, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %4 = fuse.cmp ge, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %5 = fuse.cmp gt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

func.func @compare_bool(%a: tensor<3xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  %0 = fuse.cmp lt, %a, %b : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

func.func @i32_wrap(%a: tensor<2xi32>, %b: tensor<2xi32>, %c: tensor<2xi32>, %m: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = fuse.add %a, %b : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %1 = fuse.sub %a, %c : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %2 = fuse.mul %m, %m : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

func.func @i64_wrap(%a: tensor<1xi64>) -> tensor<1xi64> {
  %one = fuse.constant dense<1> : tensor<i64>
  %0 = fuse.add %a, %one : tensor<1xi64>, tensor<i64> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

func.func @idiv(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = fuse.div %a, %b : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @int_unary(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %zero = arith.constant dense<0> : tensor<i32>
  %0 = fuse.neg %x : tensor<4xi32>
  %1 = fuse.abs %x : tensor<4xi32>
  %2 = fuse.relu %x : tensor<4xi32>
  %3 = fuse.square %x : tensor<4xi32>
  %4 = fuse.max %x, %zero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %5 = fuse.min %x, %zero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

func.func @select(%c: tensor<3xi1>, %a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = fuse.where %c, %a, %b : tensor<3xi1>, tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
