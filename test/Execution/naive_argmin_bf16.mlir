// The nearest-centroid assignment and an f32 -> bf16 cast on the CPU path,
// against the float64 reference. LLVM rounds bf16 arithmetic (done in f32)
// through the __truncsfbf2 builtin on hosts without a native conversion
// (x86 without AVX512-BF16), and __truncdfbf2 for f64 -> bf16; the CPU
// executor supplies both (their rounding against the reference evaluator's:
// docs/results/2026-12-06/session39/bf16-rounding-check.sh, 16 M values,
// halfway cases included, none differ). Without them these
// runs fail to link on such a host ("Symbols not found: __truncsfbf2").

// Pure bf16: the differences, squares and sums round to bf16.
// RUN: fuse-run %s --func=naive_bf16 --trials=20 --seed=211 | FileCheck %s --check-prefix=BF16
// BF16: trial 2 [k=1]: s0={{[0-9]+}} 24->1
// BF16-NOT: FAIL
// BF16: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_bf16 --trials=20 --seed=212 --fill=nan | FileCheck %s --check-prefix=BF16-NAN
// BF16-NAN-NOT: FAIL
// BF16-NAN: labels: {{[0-9]+}} rows with an exact tie, {{[1-9][0-9]*}} rows won by NaN
// BF16-NAN: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_bf16 --trials=20 --seed=213 --fill=inf | FileCheck %s --check-prefix=BF16-INF
// BF16-INF-NOT: FAIL
// BF16-INF: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_bf16 --trials=20 --seed=214 --dup-rows=1 | FileCheck %s --check-prefix=BF16-DUP
// BF16-DUP-NOT: FAIL
// BF16-DUP: labels: {{[1-9][0-9]*}} rows with an exact tie
// BF16-DUP: fuse-run: PASS: 20 trials, 0 mismatches
func.func @naive_bf16(%x: tensor<?x40xbf16>, %c: tensor<24x40xbf16>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x40xbf16> -> tensor<?x1x40xbf16>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<24x40xbf16> -> tensor<1x24x40xbf16>
  %diff = fuse.sub %xe, %ce : tensor<?x1x40xbf16>, tensor<1x24x40xbf16> -> tensor<?x24x40xbf16>
  %sq = fuse.square %diff : tensor<?x24x40xbf16>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x24x40xbf16> -> tensor<?x24xbf16>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x24xbf16> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// The cast alone (an f32 -> bf16 rounding per element): its values within
// bf16's tolerance of the float64 ones, NaN kept NaN, inf kept inf.
// RUN: fuse-run %s --func=round_bf16 --trials=20 --seed=215 | FileCheck %s --check-prefix=ROUND
// ROUND-NOT: FAIL
// ROUND: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=round_bf16 --trials=20 --seed=216 --fill=nan | FileCheck %s --check-prefix=ROUND-NAN
// ROUND-NAN-NOT: FAIL
// ROUND-NAN: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=round_bf16 --trials=20 --seed=217 --fill=inf | FileCheck %s --check-prefix=ROUND-INF
// ROUND-INF-NOT: FAIL
// ROUND-INF: fuse-run: PASS: 20 trials, 0 mismatches
func.func @round_bf16(%x: tensor<?x40xf32>) -> tensor<?x40xbf16> {
  %y = fuse.cast %x : tensor<?x40xf32> to tensor<?x40xbf16>
  return %y : tensor<?x40xbf16>
}

// f64 -> bf16 rounds once, through __truncdfbf2 (the executor defines it
// too, through APFloat).
// RUN: fuse-run %s --func=round_f64_bf16 --trials=20 --seed=218 | FileCheck %s --check-prefix=ROUND64
// ROUND64-NOT: FAIL
// ROUND64: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=round_f64_bf16 --trials=20 --seed=219 --fill=nan | FileCheck %s --check-prefix=ROUND64-NAN
// ROUND64-NAN-NOT: FAIL
// ROUND64-NAN: fuse-run: PASS: 20 trials, 0 mismatches
func.func @round_f64_bf16(%x: tensor<?x40xf64>) -> tensor<?x40xbf16> {
  %y = fuse.cast %x : tensor<?x40xf64> to tensor<?x40xbf16>
  return %y : tensor<?x40xbf16>
}
