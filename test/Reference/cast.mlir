// fuse.cast in the reference evaluator. Float to integer truncates toward
// zero, anything to i1 is `!= 0`, i1 converts to 0 or 1, integers wrap to
// the narrower width. Expected values are worked out by hand in the
// comments.

// f32 -> i32 truncates toward zero; 2147483520 = 2^31 - 128 is an f32 and
// fits in i32.
//   [2.7, -2.7, 0.5, -0.5, 2147483520] -> [2, -2, 0, 0, 2147483520]
// RUN: fuse-eval %s --func=f32_to_i32 --input='[2.7, -2.7, 0.5, -0.5, 2147483520]' \
// RUN:   | FileCheck %s --check-prefix=TRUNC
// TRUNC: result #0: tensor<5xi32> = [2, -2, 0, 0, 2147483520]
func.func @f32_to_i32(%x: tensor<?xf32>) -> tensor<?xi32> {
  %0 = fuse.cast %x : tensor<?xf32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}

// f32 -> i1 is x != 0, so NaN and infinities are true and -0 is false.
// RUN: fuse-eval %s --func=f32_to_i1 --input='[0, -0, 0.1, nan, -inf]' \
// RUN:   | FileCheck %s --check-prefix=TOBOOL
// TOBOOL: result #0: tensor<5xi1> = [false, false, true, true, true]
func.func @f32_to_i1(%x: tensor<5xf32>) -> tensor<5xi1> {
  %0 = fuse.cast %x : tensor<5xf32> to tensor<5xi1>
  return %0 : tensor<5xi1>
}

// i1 -> f32 and i1 -> i32 give 1 for true (not -1) and 0 for false.
// RUN: fuse-eval %s --func=from_i1 --input='[true, false]' \
// RUN:   | FileCheck %s --check-prefix=FROMBOOL
// FROMBOOL: result #0: tensor<2xf32> = [1, 0]
// FROMBOOL: result #1: tensor<2xi32> = [1, 0]
func.func @from_i1(%b: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0 = fuse.cast %b : tensor<2xi1> to tensor<2xf32>
  %1 = fuse.cast %b : tensor<2xi1> to tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}

// i64 -> i32 keeps the low 32 bits: 4294967297 = 2^32 + 1 -> 1,
// 2147483648 = 2^31 -> -2147483648, -1 -> -1; i64 -> i1 is != 0.
// i32 -> i64 sign-extends: -5 -> -5.
// RUN: fuse-eval %s --func=int_casts --input='[4294967297, 2147483648, -1, 0]' \
// RUN:   --input='[-5]' | FileCheck %s --check-prefix=INTS
// INTS: result #0: tensor<4xi32> = [1, -2147483648, -1, 0]
// INTS: result #1: tensor<4xi1> = [true, true, true, false]
// INTS: result #2: tensor<1xi64> = [-5]
func.func @int_casts(%x: tensor<4xi64>, %y: tensor<1xi32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<1xi64>) {
  %0 = fuse.cast %x : tensor<4xi64> to tensor<4xi32>
  %1 = fuse.cast %x : tensor<4xi64> to tensor<4xi1>
  %2 = fuse.cast %y : tensor<1xi32> to tensor<1xi64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi1>, tensor<1xi64>
}

// f32 -> f16 rounds in native mode (f16 has 11 significand bits):
//   2049 lies halfway between 2048 and 2050 -> ties to even -> 2048
//   65519 < 65504 + 16 (the overflow threshold) -> 65504 (largest f16)
//   65520 = 65504 + 16 is the tie at the threshold -> inf
//   2^-26 = 1.4901161193847656e-08 < 2^-25 (half the smallest subnormal) -> 0
// In f64 mode a float-to-float cast keeps the value.
// RUN: fuse-eval %s --func=f32_to_f16 --precision=native \
// RUN:   --input='[2049, 65519, 65520, 1.4901161193847656e-08]' \
// RUN:   | FileCheck %s --check-prefix=F16N
// F16N: result #0: tensor<4xf16> = [2048, 65504, inf, 0]
// RUN: fuse-eval %s --func=f32_to_f16 \
// RUN:   --input='[2049, 65519, 65520, 1.4901161193847656e-08]' \
// RUN:   | FileCheck %s --check-prefix=F16D
// F16D: result #0: tensor<4xf16> = [2049, 65519, 65520, 1.4901161193847656e-08]
func.func @f32_to_f16(%x: tensor<4xf32>) -> tensor<4xf16> {
  %0 = fuse.cast %x : tensor<4xf32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}

// f32 -> bf16 (8 significand bits, so the spacing at 1 is 2^-7):
//   1 + 2^-8 = 1.00390625 is a tie between 1 (even) and 1 + 2^-7 -> 1
//   1 + 3 * 2^-8 = 1.01171875 is a tie between 1 + 2^-7 (odd) and
//   1 + 2^-6 (even) -> 1.015625
//   257 lies between 256 and 258 (spacing 2), a tie -> 256
// RUN: fuse-eval %s --func=f32_to_bf16 --precision=native \
// RUN:   --input='[1.00390625, 1.01171875, 257]' | FileCheck %s --check-prefix=BF16
// BF16: result #0: tensor<3xbf16> = [1, 1.016, 256]
func.func @f32_to_bf16(%x: tensor<3xf32>) -> tensor<3xbf16> {
  %0 = fuse.cast %x : tensor<3xf32> to tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// Integers to floats round to nearest even, once:
//   i32 16777217 = 2^24 + 1 -> f32: tie between 2^24 and 2^24 + 2 -> 16777216
//   i64 2049 -> f16 2048 (tie to even), 65520 -> f16 inf
//   i64 9007199254740993 = 2^53 + 1 -> f32: 2^53 (far from a tie; through
//   double it would be rounded twice, which happens to agree here)
// RUN: fuse-eval %s --func=int_to_float --precision=native --input='[16777217]' \
// RUN:   --input='[2049, 65520, 65504]' --input='[9007199254740993]' \
// RUN:   | FileCheck %s --check-prefix=ITOF
// ITOF: result #0: tensor<1xf32> = [16777216]
// ITOF: result #1: tensor<3xf16> = [2048, inf, 65504]
// ITOF: result #2: tensor<1xf32> = [9007199254740992]
// In f64 mode the integers are kept (exactly, as doubles, up to 2^53).
// RUN: fuse-eval %s --func=int_to_float --input='[16777217]' \
// RUN:   --input='[2049, 65520, 65504]' --input='[9007199254740993]' \
// RUN:   | FileCheck %s --check-prefix=ITOFD
// ITOFD: result #0: tensor<1xf32> = [16777217]
// ITOFD: result #1: tensor<3xf16> = [2049, 65520, 65504]
func.func @int_to_float(%a: tensor<1xi32>, %b: tensor<3xi64>, %c: tensor<1xi64>) -> (tensor<1xf32>, tensor<3xf16>, tensor<1xf32>) {
  %0 = fuse.cast %a : tensor<1xi32> to tensor<1xf32>
  %1 = fuse.cast %b : tensor<3xi64> to tensor<3xf16>
  %2 = fuse.cast %c : tensor<1xi64> to tensor<1xf32>
  return %0, %1, %2 : tensor<1xf32>, tensor<3xf16>, tensor<1xf32>
}
