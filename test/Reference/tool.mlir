// The fuse-eval driver: input literals (nesting gives the shape, the
// signature gives the element type) and the printed results. Expected
// values are worked out by hand in the comments.

// Whitespace is free, and the file may come from stdin.
// RUN: cat %s | fuse-eval --func=id_f32 --input=' [ [1,2] ,[ 3 , 4 ] ] ' \
// RUN:   | FileCheck %s --check-prefix=SPACES
// SPACES: result #0: tensor<2x2xf32> = {{\[\[}}1, 2], [3, 4]]
// Empty lists give size-0 dimensions: [[], []] is (2, 0) and [] is (0).
// RUN: fuse-eval %s --func=id_f32 --input='[[], []]' | FileCheck %s --check-prefix=EMPTY2
// EMPTY2: result #0: tensor<2x0xf32> = {{\[\[}}], []]
// RUN: fuse-eval %s --func=id_f32 --input='[[]]' | FileCheck %s --check-prefix=EMPTY1
// EMPTY1: result #0: tensor<1x0xf32> = {{\[\[}}]]
func.func @id_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}

// Special values and number syntax: nan/NaN, inf/+inf/-Infinity, .5, 1e3,
// -0 (kept as negative zero).
// RUN: fuse-eval %s --func=id_f64 --input='[NaN, +inf, -Infinity, .5, 1e3, -0]' \
// RUN:   | FileCheck %s --check-prefix=SPECIAL
// SPECIAL: result #0: tensor<6xf64> = [nan, inf, -inf, 0.5, 1000, -0]
func.func @id_f64(%x: tensor<6xf64>) -> tensor<6xf64> {
  return %x : tensor<6xf64>
}

// i1 accepts true/false and 0/1; i64 takes its full range.
// RUN: fuse-eval %s --func=id_ints --input='[true, 0, 1, false]' \
// RUN:   --input='[-9223372036854775808, 9223372036854775807]' \
// RUN:   | FileCheck %s --check-prefix=INTS
// INTS: result #0: tensor<4xi1> = [true, false, true, false]
// INTS: result #1: tensor<2xi64> = [-9223372036854775808, 9223372036854775807]
func.func @id_ints(%b: tensor<4xi1>, %i: tensor<2xi64>) -> (tensor<4xi1>, tensor<2xi64>) {
  return %b, %i : tensor<4xi1>, tensor<2xi64>
}

// Rank 0 in and out, and the shortest decimal that reads back to the same
// value: 1/3 in f64 is 0.3333333333333333 (16 digits); in native f32 it is
// the f32 0.3333333432674408, whose shortest f32 decimal is 0.33333334; in
// f64 mode the f32-typed quotient keeps all of double's digits.
// RUN: fuse-eval %s --func=third --input=1 --input=3 --input=1 --input=3 \
// RUN:   | FileCheck %s --check-prefix=THIRD
// THIRD: result #0: tensor<f64> = 0.3333333333333333
// THIRD: result #1: tensor<f32> = 0.3333333333333333
// RUN: fuse-eval %s --func=third --input=1 --input=3 --input=1 --input=3 --precision=native \
// RUN:   | FileCheck %s --check-prefix=THIRDN
// THIRDN: result #0: tensor<f64> = 0.3333333333333333
// THIRDN: result #1: tensor<f32> = 0.33333334
func.func @third(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f32>, %d: tensor<f32>) -> (tensor<f64>, tensor<f32>) {
  %0 = fuse.div %a, %b : tensor<f64>, tensor<f64> -> tensor<f64>
  %1 = fuse.div %c, %d : tensor<f32>, tensor<f32> -> tensor<f32>
  return %0, %1 : tensor<f64>, tensor<f32>
}

// A function without arguments, selected as the only one when --func is
// omitted, runs with no --input.
// RUN: fuse-eval %S/Inputs/single.mlir | FileCheck %s --check-prefix=SINGLE
// SINGLE: result #0: tensor<2xf32> = [0.25, -0.25]
