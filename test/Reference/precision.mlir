// The two precisions of the reference evaluator. f64 (the oracle) keeps
// every float intermediate in double; native rounds each float op's result
// to its element type, round to nearest even, like eager PyTorch. Expected
// values are worked out by hand in the comments.

// The rounding helpers against llvm::APFloat: every f16/bf16 bit pattern,
// every midpoint between neighbours and the doubles beside it, the overflow
// threshold, and pseudo-random doubles for f16, bf16 and f32.
// RUN: fuse-eval --self-test-rounding | FileCheck %s --check-prefix=SELF
// SELF: rounding self-test: {{[0-9]+}} cases, 0 mismatches

// f16 addition, a + b with a = [2048, 65504, 65504, 2048], b = [1, 16, 15, 3].
// Between 2048 and 4096 the f16 spacing is 2, and 2048 + 2k has an even
// significand when k is even.
//   2048 + 1 = 2049: tie of 2048 (k = 0) and 2050 (k = 1) -> 2048
//   65504 + 16 = 65520: the tie at the overflow threshold -> inf
//   65504 + 15 = 65519: below the threshold -> 65504
//   2048 + 3 = 2051: tie of 2050 (k = 1) and 2052 (k = 2) -> 2052
// RUN: fuse-eval %s --func=add_f16 --precision=native \
// RUN:   --input='[2048, 65504, 65504, 2048]' --input='[1, 16, 15, 3]' \
// RUN:   | FileCheck %s --check-prefix=ADDN
// ADDN: result #0: tensor<4xf16> = [2048, inf, 65504, 2052]
// RUN: fuse-eval %s --func=add_f16 --precision=f64 \
// RUN:   --input='[2048, 65504, 65504, 2048]' --input='[1, 16, 15, 3]' \
// RUN:   | FileCheck %s --check-prefix=ADDD
// ADDD: result #0: tensor<4xf16> = [2049, 65520, 65519, 2051]
func.func @add_f16(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  %0 = fuse.add %a, %b : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// Inputs are values of their element type in both modes: 2049 given for an
// f16 argument is 2048, and 0.1 is the f16 0.0999755859375, printed as the
// shortest decimal that reads back to it in f16, 0.1.
// RUN: fuse-eval %s --func=identity_f16 --input='[2049, 0.1]' \
// RUN:   | FileCheck %s --check-prefix=INPUT
// INPUT: result #0: tensor<2xf16> = [2048, 0.1]
func.func @identity_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}

// A native sum accumulates in f16 in index order, rounding after each add:
//   row 0 [2048, 1, 1, 1, 1]: 2048 + 1 -> 2048, four times -> 2048
//   row 1 [1, 1, 1, 1, 2048]: 1, 2, 3, 4, then 4 + 2048 = 2052 (an f16) -> 2052
// In f64 mode both rows sum to 2052.
// RUN: fuse-eval %s --func=sum_f16 --precision=native \
// RUN:   --input='[[2048, 1, 1, 1, 1], [1, 1, 1, 1, 2048]]' \
// RUN:   | FileCheck %s --check-prefix=SUMN
// SUMN: result #0: tensor<2xf16> = [2048, 2052]
// RUN: fuse-eval %s --func=sum_f16 \
// RUN:   --input='[[2048, 1, 1, 1, 1], [1, 1, 1, 1, 2048]]' \
// RUN:   | FileCheck %s --check-prefix=SUMD
// SUMD: result #0: tensor<2xf16> = [2052, 2052]
func.func @sum_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %0 = fuse.sum %x, dim = 1 : tensor<2x5xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// matmul in native mode is its canonical mul + sum: [[2048, 1, 1]] @ [1, 1, 1]^T
// accumulates 2048, 2048 + 1 -> 2048, 2048 + 1 -> 2048. f64 gives 2050.
// RUN: fuse-eval %s --func=matmul_f16 --precision=native \
// RUN:   --input='[[2048, 1, 1]]' --input='[[1], [1], [1]]' \
// RUN:   | FileCheck %s --check-prefix=MMN
// MMN: result #0: tensor<1x1xf16> = {{\[\[}}2048]]
// RUN: fuse-eval %s --func=matmul_f16 \
// RUN:   --input='[[2048, 1, 1]]' --input='[[1], [1], [1]]' \
// RUN:   | FileCheck %s --check-prefix=MMD
// MMD: result #0: tensor<1x1xf16> = {{\[\[}}2050]]
func.func @matmul_f16(%a: tensor<1x3xf16>, %b: tensor<3x1xf16>) -> tensor<1x1xf16> {
  %0 = fuse.matmul %a, %b : tensor<1x3xf16>, tensor<3x1xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// Gradual underflow in f16: subnormals are multiples of 2^-24.
//   2^-13 * 2^-12 = 2^-25: a tie of 0 (even) and 2^-24 -> 0
//   (3 * 2^-14) * 2^-12 = 0.75 * 2^-24 -> 2^-24
//   2^-12 * 2^-12 = 2^-24 exactly
// 2^-24 = 5.96e-08 prints as the shortest decimal that reads back to it in
// f16: 6e-08.
// RUN: fuse-eval %s --func=mul_f16 --precision=native \
// RUN:   --input='[0.0001220703125, 0.00018310546875, 0.000244140625]' \
// RUN:   --input='[0.000244140625, 0.000244140625, 0.000244140625]' \
// RUN:   | FileCheck %s --check-prefix=SUBN
// SUBN: result #0: tensor<3xf16> = [0, 6e-08, 6e-08]
func.func @mul_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = fuse.mul %a, %b : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// bf16 keeps 8 significand bits: between 256 and 512 the spacing is 2, so
// 256 + 1 = 257 is a tie of 256 (even) and 258 -> 256 in native mode.
// RUN: fuse-eval %s --func=add_bf16 --precision=native --input='[256]' --input='[1]' \
// RUN:   | FileCheck %s --check-prefix=BF16N
// BF16N: result #0: tensor<1xbf16> = [256]
// RUN: fuse-eval %s --func=add_bf16 --input='[256]' --input='[1]' \
// RUN:   | FileCheck %s --check-prefix=BF16D
// BF16D: result #0: tensor<1xbf16> = [257]
func.func @add_bf16(%a: tensor<1xbf16>, %b: tensor<1xbf16>) -> tensor<1xbf16> {
  %0 = fuse.add %a, %b : tensor<1xbf16>, tensor<1xbf16> -> tensor<1xbf16>
  return %0 : tensor<1xbf16>
}

// f32: 2^24 + 1 is a tie of 2^24 (even) and 2^24 + 2 -> 16777216.
// The f32 inputs 0.1 and 0.2 are 0.100000001490116119384765625 and
// 0.20000000298023223876953125; their exact sum 0.300000004470348358154296875
// lies 7.45e-9 below the f32 0.300000011920928955078125 (= f32 0.3) and
// 2.24e-8 above the f32 below it, so native rounds to f32 0.3, printed 0.3.
// f64 keeps the exact sum; the double near 0.3 are 2^-54 = 5.55e-17 apart, so
// 16 digits (0.3000000044703484, 4.2e-17 away) are not enough and 17 are:
// 0.30000000447034836.
// RUN: fuse-eval %s --func=add_f32 --precision=native --input='[16777216, 0.1]' \
// RUN:   --input='[1, 0.2]' | FileCheck %s --check-prefix=F32N
// F32N: result #0: tensor<2xf32> = [16777216, 0.3]
// RUN: fuse-eval %s --func=add_f32 --input='[16777216, 0.1]' --input='[1, 0.2]' \
// RUN:   | FileCheck %s --check-prefix=F32D
// F32D: result #0: tensor<2xf32> = [16777217, 0.30000000447034836]
func.func @add_f32(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = fuse.add %a, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// exp(1) = e = 2.718281828459045. In [2, 4) the f32 spacing is 2^-22 and
// e * 2^22 = 11401300.36, so native gives 11401300 * 2^-22 =
// 2.71828174591064453125, whose shortest f32 decimal is 2.7182817.
// RUN: fuse-eval %s --func=exp_f32 --precision=native --input='[1]' \
// RUN:   | FileCheck %s --check-prefix=EXPN
// EXPN: result #0: tensor<1xf32> = [2.7182817]
// RUN: fuse-eval %s --func=exp_f32 --input='[1]' | FileCheck %s --check-prefix=EXPD
// EXPD: result #0: tensor<1xf32> = [2.718281828459045]
func.func @exp_f32(%a: tensor<1xf32>) -> tensor<1xf32> {
  %0 = fuse.exp %a : tensor<1xf32>
  return %0 : tensor<1xf32>
}

// An f16 square that overflows: 300^2 = 90000 > 65504 -> inf in native
// mode, 90000 in f64 mode.
// RUN: fuse-eval %s --func=square_f16 --precision=native --input='[300]' \
// RUN:   | FileCheck %s --check-prefix=SQN
// SQN: result #0: tensor<1xf16> = [inf]
// RUN: fuse-eval %s --func=square_f16 --input='[300]' \
// RUN:   | FileCheck %s --check-prefix=SQD
// SQD: result #0: tensor<1xf16> = [90000]
func.func @square_f16(%a: tensor<1xf16>) -> tensor<1xf16> {
  %0 = fuse.square %a : tensor<1xf16>
  return %0 : tensor<1xf16>
}
