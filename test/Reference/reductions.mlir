// Reductions and index reductions in the reference evaluator: in-order
// sums, NaN propagation in reduce_min/max, and torch's argmin/argmax rules
// (ties to the lowest index, the first NaN wins, an all-inf row gives 0).
// Expected values are worked out by hand in the comments.

// x = [[1, 2, 3], [4, 5, 6]]
//   sum dim 1: [1+2+3, 4+5+6] = [6, 15]
//   sum dim 0 keepdim: [[1+4, 2+5, 3+6]] = [[5, 7, 9]], shape 1x3
// RUN: fuse-eval %s --func=sums --input='[[1, 2, 3], [4, 5, 6]]' \
// RUN:   | FileCheck %s --check-prefix=SUM
// SUM: result #0: tensor<2xf32> = [6, 15]
// SUM: result #1: tensor<1x3xf32> = {{\[\[}}5, 7, 9]]
func.func @sums(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<1x3xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.sum %x, dim = 0 keepdim : tensor<2x3xf32> -> tensor<1x3xf32>
  return %0, %1 : tensor<2xf32>, tensor<1x3xf32>
}

// The sum of an empty dimension is 0: x has shape (2, 0).
// RUN: fuse-eval %s --func=sum_dyn --input='[[], []]' \
// RUN:   | FileCheck %s --check-prefix=SUMEMPTY
// SUMEMPTY: result #0: tensor<2xf32> = [0, 0]
func.func @sum_dyn(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = fuse.sum %x, dim = 1 : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// reduce_min/max propagate NaN (torch.amin/amax).
//   x = [[3, nan, 1], [2, 5, 4]]
//   reduce_min dim 1: [nan (row has a NaN), min(2, 5, 4) = 2]
//   reduce_max dim 0: [max(3, 2) = 3, nan, max(1, 4) = 4]
// RUN: fuse-eval %s --func=minmax --input='[[3, nan, 1], [2, 5, 4]]' \
// RUN:   | FileCheck %s --check-prefix=MINMAX
// MINMAX: result #0: tensor<2xf32> = [nan, 2]
// MINMAX: result #1: tensor<3xf32> = [3, nan, 4]
func.func @minmax(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  %0 = fuse.reduce_min %x, dim = 1 : tensor<2x3xf32> -> tensor<2xf32>
  %1 = fuse.reduce_max %x, dim = 0 : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<2xf32>, tensor<3xf32>
}

// argmin/argmax over dim 1, one row per rule:
//   row 0 [2, 1, 1, 3]:        min 1 first at 1; max 3 at 3
//   row 1 [0, 0, 0, 0]:        all tie: 0 and 0
//   row 2 [1, nan, 0, nan]:    first NaN at 1 wins both
//   row 3 [nan, 0, nan, 1]:    first NaN at 0 wins both
//   row 4 [inf, inf, inf, inf]: all-inf row: 0 and 0
//   row 5 [inf, 5, inf, -inf]: min -inf at 3; max inf first at 0
//   row 6 [-inf, -inf, 7, 7]:  min -inf first at 0; max 7 first at 2
// RUN: fuse-eval %s --func=argminmax \
// RUN:   --input='[[2, 1, 1, 3], [0, 0, 0, 0], [1, nan, 0, nan], [nan, 0, nan, 1], [inf, inf, inf, inf], [inf, 5, inf, -inf], [-inf, -inf, 7, 7]]' \
// RUN:   | FileCheck %s --check-prefix=ARG
// ARG: result #0: tensor<7xi64> = [1, 0, 1, 0, 0, 3, 0]
// ARG: result #1: tensor<7xi64> = [3, 0, 1, 0, 0, 0, 2]
func.func @argminmax(%x: tensor<?x4xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  %1 = fuse.argmax %x, dim = 1 : tensor<?x4xf32> -> tensor<?xi64>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}

// argmin over dim 0 with keepdim: x = [[3, 1], [1, 1], [1, 0]]
//   column 0: 3, 1, 1 -> first 1 at row 1; column 1: 1, 1, 0 -> row 2
// RUN: fuse-eval %s --func=argmin_dim0 --input='[[3, 1], [1, 1], [1, 0]]' \
// RUN:   | FileCheck %s --check-prefix=ARG0
// ARG0: result #0: tensor<1x2xi64> = {{\[\[}}1, 2]]
func.func @argmin_dim0(%x: tensor<3x2xf32>) -> tensor<1x2xi64> {
  %0 = fuse.argmin %x, dim = 0 keepdim : tensor<3x2xf32> -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// The middle dimension of a rank-3 tensor: x has shape (2, 3, 2).
//   x[0] = [[1, 6], [0, 6], [2, 5]]  -> per column: argmin [1, 2], min [0, 5]
//   x[1] = [[9, 9], [9, 8], [7, 8]]  -> per column: argmin [2, 1], min [7, 8]
// RUN: fuse-eval %s --func=middle \
// RUN:   --input='[[[1, 6], [0, 6], [2, 5]], [[9, 9], [9, 8], [7, 8]]]' \
// RUN:   | FileCheck %s --check-prefix=MIDDLE
// MIDDLE: result #0: tensor<2x2xi64> = {{\[\[}}1, 2], [2, 1]]
// MIDDLE: result #1: tensor<2x2xf64> = {{\[\[}}0, 5], [7, 8]]
func.func @middle(%x: tensor<2x3x2xf64>) -> (tensor<2x2xi64>, tensor<2x2xf64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xi64>
  %1 = fuse.reduce_min %x, dim = 1 : tensor<2x3x2xf64> -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xi64>, tensor<2x2xf64>
}

// Integer reductions: x = [[2147483647, 1, 0], [5, -2, -2]] (i32)
//   sum dim 1: 2147483647 + 1 wraps to -2147483648; 5 - 2 - 2 = 1
//   argmin dim 1: [2 (0 is the min), 1 (first -2)]
//   reduce_max dim 1: [2147483647, 5]
// RUN: fuse-eval %s --func=int_reductions --input='[[2147483647, 1, 0], [5, -2, -2]]' \
// RUN:   | FileCheck %s --check-prefix=INT
// INT: result #0: tensor<2xi32> = [-2147483648, 1]
// INT: result #1: tensor<2xi64> = [2, 1]
// INT: result #2: tensor<2xi32> = [2147483647, 5]
func.func @int_reductions(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi64>, tensor<2xi32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  %1 = fuse.argmin %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi64>
  %2 = fuse.reduce_max %x, dim = 1 : tensor<2x3xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi64>, tensor<2xi32>
}
