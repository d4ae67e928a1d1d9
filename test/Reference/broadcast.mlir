// NumPy broadcasting in the reference evaluator: shapes align at the
// trailing dimension and a static size 1 stretches. Expected values are
// worked out by hand in the comments.

// (3,1) + (4,): out[i][j] = a[i][0] + b[j].
//   a = [1, 2, 3] (column), b = [10, 20, 30, 40]
//   row 0: 11 21 31 41; row 1: 12 22 32 42; row 2: 13 23 33 43
// RUN: fuse-eval %s --func=col_plus_row --input='[[1], [2], [3]]' \
// RUN:   --input='[10, 20, 30, 40]' | FileCheck %s --check-prefix=COLROW
// COLROW: result #0: tensor<3x4xf32> = {{\[\[}}11, 21, 31, 41], [12, 22, 32, 42], [13, 23, 33, 43]]
func.func @col_plus_row(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = fuse.add %a, %b : tensor<3x1xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// (?,1) - (?,): the static 1 stretches to the dynamic size of b (3); the
// dynamic first dimension comes from a (2).
//   a = [[5], [7]], b = [1, 2, 3] -> [[5-1, 5-2, 5-3], [7-1, 7-2, 7-3]]
// RUN: fuse-eval %s --func=dynamic_sub --input='[[5], [7]]' \
// RUN:   --input='[1, 2, 3]' | FileCheck %s --check-prefix=DYNSUB
// DYNSUB: result #0: tensor<2x3xf32> = {{\[\[}}4, 3, 2], [6, 5, 4]]
func.func @dynamic_sub(%a: tensor<?x1xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = fuse.sub %a, %b : tensor<?x1xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A rank-0 operand broadcasts to everything: 2.5 * [[1, 2], [3, 4]].
// RUN: fuse-eval %s --func=scalar_mul --input='2.5' --input='[[1, 2], [3, 4]]' \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// SCALAR: result #0: tensor<2x2xf32> = {{\[\[}}2.5, 5], [7.5, 10]]
func.func @scalar_mul(%s: tensor<f32>, %x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.mul %s, %x : tensor<f32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// Two stretching operands: (2,1,3) + (1,2,1) -> (2,2,3) with
// out[i][j][k] = a[i][0][k] + b[0][j][0].
//   a = [[[0, 1, 2]], [[10, 11, 12]]], b = [[[100], [200]]]
//   i=0: [100, 101, 102], [200, 201, 202]; i=1: [110, 111, 112], [210, 211, 212]
// RUN: fuse-eval %s --func=both_stretch --input='[[[0, 1, 2]], [[10, 11, 12]]]' \
// RUN:   --input='[[[100], [200]]]' | FileCheck %s --check-prefix=BOTH
// BOTH: result #0: tensor<2x2x3xi64> = {{\[\[\[}}100, 101, 102], [200, 201, 202]], {{\[\[}}110, 111, 112], [210, 211, 212]]]
func.func @both_stretch(%a: tensor<2x1x3xi64>, %b: tensor<1x2x1xi64>) -> tensor<2x2x3xi64> {
  %0 = fuse.add %a, %b : tensor<2x1x3xi64>, tensor<1x2x1xi64> -> tensor<2x2x3xi64>
  return %0 : tensor<2x2x3xi64>
}

// where broadcasts all three operands: cond (2,1), a (3,), b rank 0.
//   row 0 (true):  a = [1, 2, 3]; row 1 (false): b = -1 three times
// RUN: fuse-eval %s --func=where_broadcast --input='[[true], [false]]' \
// RUN:   --input='[1, 2, 3]' --input='-1' | FileCheck %s --check-prefix=WHERE
// WHERE: result #0: tensor<2x3xf32> = {{\[\[}}1, 2, 3], [-1, -1, -1]]
func.func @where_broadcast(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = fuse.where %c, %a, %b : tensor<2x1xi1>, tensor<3xf32>, tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// cmp broadcasts too: [-1, 5, 0] > 0 -> [false, true, false].
// RUN: fuse-eval %s --func=cmp_scalar --input='[-1, 5, 0]' --input='0' \
// RUN:   | FileCheck %s --check-prefix=CMPS
// CMPS: result #0: tensor<3xi1> = [false, true, false]
func.func @cmp_scalar(%a: tensor<?xi32>, %z: tensor<i32>) -> tensor<?xi1> {
  %0 = fuse.cmp gt, %a, %z : tensor<?xi32>, tensor<i32> -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// Dynamic dimensions that agree at run time are fine: [1, 2] + [3, 4].
// RUN: fuse-eval %s --func=dyn_add --input='[1, 2]' --input='[3, 4]' \
// RUN:   | FileCheck %s --check-prefix=DYNOK
// DYNOK: result #0: tensor<2xf32> = [4, 6]
func.func @dyn_add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fuse.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Empty tensors broadcast like any other: (0,) + rank 0 -> (0,).
// RUN: fuse-eval %s --func=dyn_add --input='[]' --input='[]' \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// EMPTY: result #0: tensor<0xf32> = []
