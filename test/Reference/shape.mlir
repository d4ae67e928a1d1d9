// Shape ops, constants, take, matmul and index values in the reference
// evaluator. Expected values are worked out by hand in the comments.

// expand_dims of x = [[1, 2], [3, 4]]: dim 0 -> shape (1, 2, 2); dim 2 ->
// shape (2, 2, 1), every element in its own innermost list.
// RUN: fuse-eval %s --func=expand --input='[[1, 2], [3, 4]]' \
// RUN:   | FileCheck %s --check-prefix=EXPAND
// EXPAND: result #0: tensor<1x2x2xf32> = {{\[\[\[}}1, 2], [3, 4]]]
// EXPAND: result #1: tensor<2x2x1xf32> = {{\[\[\[}}1], [2]], {{\[\[}}3], [4]]]
func.func @expand(%x: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2x1xf32>) {
  %0 = fuse.expand_dims %x, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %1 = fuse.expand_dims %x, dim = 2 : tensor<2x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<1x2x2xf32>, tensor<2x2x1xf32>
}

// broadcast_to:
//   7 to (?, 3) with ? = dim 0 of y = [5, 6], i.e. 2: [[7, 7, 7], [7, 7, 7]]
//   [1, 2, 3] to (2, 3): the row twice
//   [[1], [2]] to (2, 3): the static 1 stretches: [[1, 1, 1], [2, 2, 2]]
// RUN: fuse-eval %s --func=bcast --input='7' --input='[5, 6]' \
// RUN:   --input='[1, 2, 3]' --input='[[1], [2]]' | FileCheck %s --check-prefix=BCAST
// BCAST: result #0: tensor<2x3xf32> = {{\[\[}}7, 7, 7], [7, 7, 7]]
// BCAST: result #1: tensor<2x3xi32> = {{\[\[}}1, 2, 3], [1, 2, 3]]
// BCAST: result #2: tensor<2x3xi32> = {{\[\[}}1, 1, 1], [2, 2, 2]]
func.func @bcast(%s: tensor<f32>, %y: tensor<?xf32>, %r: tensor<3xi32>, %c: tensor<2x1xi32>) -> (tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?xf32>
  %0 = fuse.broadcast_to %s sizes(%n) : tensor<f32> -> tensor<?x3xf32>
  %1 = fuse.broadcast_to %r : tensor<3xi32> -> tensor<2x3xi32>
  %2 = fuse.broadcast_to %c : tensor<2x1xi32> -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// transpose swaps the two trailing dimensions:
//   [[1, 2, 3], [4, 5, 6]] -> [[1, 4], [2, 5], [3, 6]]
//   shape (2, 1, 2) [[[1, 2]], [[3, 4]]] -> shape (2, 2, 1) [[[1], [2]], [[3], [4]]]
// RUN: fuse-eval %s --func=transpose --input='[[1, 2, 3], [4, 5, 6]]' \
// RUN:   --input='[[[1, 2]], [[3, 4]]]' | FileCheck %s --check-prefix=TRANSPOSE
// TRANSPOSE: result #0: tensor<3x2xi64> = {{\[\[}}1, 4], [2, 5], [3, 6]]
// TRANSPOSE: result #1: tensor<2x2x1xf32> = {{\[\[\[}}1], [2]], {{\[\[}}3], [4]]]
func.func @transpose(%a: tensor<2x3xi64>, %b: tensor<2x1x2xf32>) -> (tensor<3x2xi64>, tensor<2x2x1xf32>) {
  %0 = fuse.transpose %a : tensor<2x3xi64> -> tensor<3x2xi64>
  %1 = fuse.transpose %b : tensor<2x1x2xf32> -> tensor<2x2x1xf32>
  return %0, %1 : tensor<3x2xi64>, tensor<2x2x1xf32>
}

// take from c = [[1, 2], [3, 4], [5, 6]]:
//   index 2 along dim 0: [5, 6]
//   index 1 along dim 1: [2, 4, 6]
//   index (1 + 2) * 1 - 1 = 2 along dim 0, computed with arith: [5, 6]
//   index %j = 1 (an argument) along dim 0: [3, 4]
// RUN: fuse-eval %s --func=take --input='[[1, 2], [3, 4], [5, 6]]' --input=1 \
// RUN:   | FileCheck %s --check-prefix=TAKE
// TAKE: result #0: tensor<2xf32> = [5, 6]
// TAKE: result #1: tensor<3xf32> = [2, 4, 6]
// TAKE: result #2: tensor<2xf32> = [5, 6]
// TAKE: result #3: tensor<2xf32> = [3, 4]
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

// matmul: [[1, 2], [3, 4]] @ [[5, 6], [7, 8]]
//   = [[1*5 + 2*7, 1*6 + 2*8], [3*5 + 4*7, 3*6 + 4*8]] = [[19, 22], [43, 50]]
// The Gram form x @ c.T with x = [[1, 2]], c = [[3, 4], [5, 6]]:
//   c.T = [[3, 5], [4, 6]], x @ c.T = [[1*3 + 2*4, 1*5 + 2*6]] = [[11, 17]]
// RUN: fuse-eval %s --func=matmul --input='[[1, 2], [3, 4]]' --input='[[5, 6], [7, 8]]' \
// RUN:   --input='[[1, 2]]' --input='[[3, 4], [5, 6]]' | FileCheck %s --check-prefix=MATMUL
// MATMUL: result #0: tensor<2x2xi32> = {{\[\[}}19, 22], [43, 50]]
// MATMUL: result #1: tensor<1x2xf32> = {{\[\[}}11, 17]]
func.func @matmul(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>, %x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<2x2xi32>, tensor<?x2xf32>) {
  %0 = fuse.matmul %a, %b : tensor<2x2xi32>, tensor<2x2xi32> -> tensor<2x2xi32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %1 = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<?x2xf32>
}

// tensor.dim gives the runtime sizes as index results: x is 2x3.
// RUN: fuse-eval %s --func=dims --input='[[1, 2, 3], [4, 5, 6]]' \
// RUN:   | FileCheck %s --check-prefix=DIMS
// DIMS: result #0: index = 2
// DIMS: result #1: index = 3
func.func @dims(%x: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %0, %1 : index, index
}

// Constants of each kind: dense and splat, fuse.constant and
// arith.constant; 0x7F800000 is the f32 +inf of the examples.
// RUN: fuse-eval %s --func=constants | FileCheck %s --check-prefix=CONST
// CONST: result #0: tensor<2x2xi32> = {{\[\[}}1, 2], [3, 4]]
// CONST: result #1: tensor<2xi1> = [true, false]
// CONST: result #2: tensor<f32> = inf
// CONST: result #3: tensor<2xbf16> = [1.5, -2.5]
// CONST: result #4: tensor<3xi64> = [-7, -7, -7]
func.func @constants() -> (tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>) {
  %0 = fuse.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = arith.constant dense<[true, false]> : tensor<2xi1>
  %2 = fuse.constant dense<0x7F800000> : tensor<f32>
  %3 = fuse.constant dense<[1.5, -2.5]> : tensor<2xbf16>
  %4 = arith.constant dense<-7> : tensor<3xi64>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<2xi1>, tensor<f32>, tensor<2xbf16>, tensor<3xi64>
}
