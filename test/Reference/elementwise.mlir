// Elementwise semantics of the reference evaluator: IEEE-754 floats with
// NaN propagation as in PyTorch, and integers that wrap at their width.
// Expected values are worked out by hand in the comments.

// Float division by zero follows IEEE-754: 1/0 = inf, -1/0 = -inf,
// 0/0 = nan; 7/2 = 3.5.
// RUN: fuse-eval %s --func=fdiv --input='[1, -1, 0, 7]' --input='[0, 0, 0, 2]' \
// RUN:   | FileCheck %s --check-prefix=FDIV
// FDIV: result #0: tensor<4xf32> = [inf, -inf, nan, 3.5]
func.func @fdiv(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fuse.div %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// max/min propagate NaN (torch.maximum/minimum); of -0 and +0, max is +0
// and min is -0.
//   a = [1, nan, 3, -0], b = [2, 0, nan, 0]
//   max: [2, nan, nan, 0]; min: [1, nan, nan, -0]
// RUN: fuse-eval %s --func=maxmin --input='[1, nan, 3, -0]' --input='[2, 0, nan, 0]' \
// RUN:   | FileCheck %s --check-prefix=MAXMIN
// MAXMIN: result #0: tensor<4xf32> = [2, nan, nan, 0]
// MAXMIN: result #1: tensor<4xf32> = [1, nan, nan, -0]
func.func @maxmin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = fuse.max %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = fuse.min %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// Unary float ops on x = [-1.5, 0, 4, nan]:
//   square: [2.25, 0, 16, nan]   neg: [1.5, -0, -4, nan]
//   abs:    [1.5, 0, 4, nan]     relu: [0, 0, 4, nan] (relu(NaN) = NaN)
//   sqrt:   [nan, 0, 2, nan]     (NaN for a negative input)
// and exp(0) = 1, exp(1) = e = 2.718281828459045 in f64 mode.
// RUN: fuse-eval %s --func=unary --input='[-1.5, 0, 4, nan]' --input='[0, 1]' \
// RUN:   | FileCheck %s --check-prefix=UNARY
// UNARY: result #0: tensor<4xf32> = [2.25, 0, 16, nan]
// UNARY: result #1: tensor<4xf32> = [1.5, -0, -4, nan]
// UNARY: result #2: tensor<4xf32> = [1.5, 0, 4, nan]
// UNARY: result #3: tensor<4xf32> = [0, 0, 4, nan]
// UNARY: result #4: tensor<4xf32> = [nan, 0, 2, nan]
// UNARY: result #5: tensor<2xf64> = [1, 2.718281828459045]
func.func @unary(%x: tensor<4xf32>, %y: tensor<2xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>) {
  %0 = fuse.square %x : tensor<4xf32>
  %1 = fuse.neg %x : tensor<4xf32>
  %2 = fuse.abs %x : tensor<4xf32>
  %3 = fuse.relu %x : tensor<4xf32>
  %4 = fuse.sqrt %x : tensor<4xf32>
  %5 = fuse.exp %y : tensor<2xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf64>
}

// Comparisons on a = [1, nan, 2], b = [1, 1, nan]: ordered, so false
// whenever an operand is NaN, except ne, which is then true.
//   lt: [false, false, false]  le: [true, false, false]
//   eq: [true, false, false]   ne: [false, true, true]
//   ge: [true, false, false]   gt: [false, false, false]
// RUN: fuse-eval %s --func=compare --input='[1, nan, 2]' --input='[1, 1, nan]' \
// RUN:   | FileCheck %s --check-prefix=CMP
// CMP: result #0: tensor<3xi1> = [false, false, false]
// CMP: result #1: tensor<3xi1> = [true, false, false]
// CMP: result #2: tensor<3xi1> = [true, false, false]
// CMP: result #3: tensor<3xi1> = [false, true, true]
// CMP: result #4: tensor<3xi1> = [true, false, false]
// CMP: result #5: tensor<3xi1> = [false, false, false]
func.func @compare(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = fuse.cmp lt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %1 = fuse.cmp le, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %2 = fuse.cmp eq, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %3 = fuse.cmp ne, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %4 = fuse.cmp ge, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  %5 = fuse.cmp gt, %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// cmp of i1 values: false < true.
// RUN: fuse-eval %s --func=compare_bool --input='[false, true, true]' \
// RUN:   --input='[true, true, false]' | FileCheck %s --check-prefix=CMPB
// CMPB: result #0: tensor<3xi1> = [true, false, false]
func.func @compare_bool(%a: tensor<3xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  %0 = fuse.cmp lt, %a, %b : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// i32 arithmetic wraps (two's complement), with a = [2147483647, -2147483648]:
//   add b = [1, -1]:  2^31 -> -2147483648;  -2^31 - 1 -> 2147483647
//   sub c = [-1, 1]:  2147483647 + 1 = 2^31 -> -2147483648;
//                     -2147483648 - 1 = -2^31 - 1 -> 2147483647
//   mul m*m, m = [65536, 46341]: 65536^2 = 2^32 -> 0;
//     46341^2 = (46340 + 1)^2 = 2147395600 + 92680 + 1 = 2147488281
//             = 2147488281 - 2^32 = -2147479015 after wrapping
// RUN: fuse-eval %s --func=i32_wrap --input='[2147483647, -2147483648]' \
// RUN:   --input='[1, -1]' --input='[-1, 1]' --input='[65536, 46341]' \
// RUN:   | FileCheck %s --check-prefix=WRAP
// WRAP: result #0: tensor<2xi32> = [-2147483648, 2147483647]
// WRAP: result #1: tensor<2xi32> = [-2147483648, 2147483647]
// WRAP: result #2: tensor<2xi32> = [0, -2147479015]
func.func @i32_wrap(%a: tensor<2xi32>, %b: tensor<2xi32>, %c: tensor<2xi32>, %m: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = fuse.add %a, %b : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %1 = fuse.sub %a, %c : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %2 = fuse.mul %m, %m : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// i64 wraps at 64 bits: (2^63 - 1) + 1 -> -2^63.
// RUN: fuse-eval %s --func=i64_wrap --input='[9223372036854775807]' \
// RUN:   | FileCheck %s --check-prefix=WRAP64
// WRAP64: result #0: tensor<1xi64> = [-9223372036854775808]
func.func @i64_wrap(%a: tensor<1xi64>) -> tensor<1xi64> {
  %one = fuse.constant dense<1> : tensor<i64>
  %0 = fuse.add %a, %one : tensor<1xi64>, tensor<i64> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

// Integer division truncates toward zero:
//   7/2 = 3, -7/2 = -3, 7/-2 = -3, -7/-2 = 3, 1/3 = 0
// RUN: fuse-eval %s --func=idiv --input='[7, -7, 7, -7, 1]' \
// RUN:   --input='[2, 2, -2, -2, 3]' | FileCheck %s --check-prefix=IDIV
// IDIV: result #0: tensor<5xi32> = [3, -3, -3, 3, 0]
func.func @idiv(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = fuse.div %a, %b : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// Integer unary ops on x = [-2147483648, -5, 0, 7]:
//   neg:    [-2147483648 (wraps), 5, 0, -7]
//   abs:    [-2147483648 (wraps), 5, 0, 7]
//   relu:   [0, 0, 0, 7]
//   square: [(2^62 mod 2^32 = 0), 25, 0, 49]
//   max with 0 and min with 0: [0, 0, 0, 7] and [-2147483648, -5, 0, 0]
// RUN: fuse-eval %s --func=int_unary --input='[-2147483648, -5, 0, 7]' \
// RUN:   | FileCheck %s --check-prefix=IUNARY
// IUNARY: result #0: tensor<4xi32> = [-2147483648, 5, 0, -7]
// IUNARY: result #1: tensor<4xi32> = [-2147483648, 5, 0, 7]
// IUNARY: result #2: tensor<4xi32> = [0, 0, 0, 7]
// IUNARY: result #3: tensor<4xi32> = [0, 25, 0, 49]
// IUNARY: result #4: tensor<4xi32> = [0, 0, 0, 7]
// IUNARY: result #5: tensor<4xi32> = [-2147483648, -5, 0, 0]
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

// where picks per element; i64 operands.
//   cond = [true, false, true], a = [1, 2, 3], b = [10, 20, 30] -> [1, 20, 3]
// RUN: fuse-eval %s --func=select --input='[true, false, true]' \
// RUN:   --input='[1, 2, 3]' --input='[10, 20, 30]' | FileCheck %s --check-prefix=SELECT
// SELECT: result #0: tensor<3xi64> = [1, 20, 3]
func.func @select(%c: tensor<3xi1>, %a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = fuse.where %c, %a, %b : tensor<3xi1>, tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// The relu(x * 2 + 1) * 0.5 chain of examples/chain_f16.mlir:
//   x = [1, -3, 0.25]: x*2+1 = [3, -5, 1.5], relu = [3, 0, 1.5], *0.5 = [1.5, 0, 0.75]
// (all exact in f16, so both precisions agree).
// RUN: fuse-eval %examples/chain_f16.mlir --input='[1, -3, 0.25]' \
// RUN:   | FileCheck %s --check-prefix=CHAIN
// RUN: fuse-eval %examples/chain_f16.mlir --input='[1, -3, 0.25]' --precision=native \
// RUN:   | FileCheck %s --check-prefix=CHAIN
// CHAIN: result #0: tensor<3xf16> = [1.5, 0, 0.75]
