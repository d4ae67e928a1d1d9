// The nearest-centroid assignment in f16 (the dialect allows f16 in every
// op), against the float64 reference, with the numerics edge cases:
// NaN/inf inputs, all-equal data, duplicated centroids, values near the
// f16 range, k = 1 and d = 1 (trials 2 and 3).

// Pure f16: the differences, squares and sums round to f16 (sums in the
// element type, as eager PyTorch does in half).
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=111 | FileCheck %s --check-prefix=F16
// F16: fuse-run: symbols: s0 24 (static, candidates) 40 (static, reduced)
// F16: trial 2 [k=1]: s0={{[0-9]+}} 24->1
// F16: trial 3 [d=1]: s0={{[0-9]+}} 24->{{[0-9]+}} 40->1;
// F16-NOT: FAIL
// F16: fuse-run: coverage: s0{1, non-pow2} 24{1, non-pow2} 40{1, non-pow2}
// F16: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=112 --fill=nan | FileCheck %s --check-prefix=F16-NAN
// F16-NAN-NOT: FAIL
// F16-NAN: labels: {{[0-9]+}} rows with an exact tie, {{[1-9][0-9]*}} rows won by NaN
// F16-NAN: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=113 --fill=inf | FileCheck %s --check-prefix=F16-INF
// F16-INF-NOT: FAIL
// F16-INF: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=114 --fill=equal | FileCheck %s --check-prefix=F16-EQUAL
// F16-EQUAL-NOT: FAIL
// F16-EQUAL: fuse-run: PASS: 20 trials, 0 mismatches, 0 near-ties
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=115 --dup-rows=1 | FileCheck %s --check-prefix=F16-DUP
// F16-DUP-NOT: FAIL
// F16-DUP: labels: {{[1-9][0-9]*}} rows with an exact tie
// F16-DUP: fuse-run: PASS: 20 trials, 0 mismatches
// Values near +-60000: the squares overflow f16 to inf, so whole rows of
// distances are inf and the label is 0 (the rule for an all-inf row), as
// eager PyTorch computes in half. The float64 oracle never overflows and
// picks another label: those labels match the native-precision reference
// (every op rounded to f16) only, and are counted as such.
// RUN: fuse-run %s --func=naive_f16 --trials=20 --seed=116 --fill=large-f16 | FileCheck %s --check-prefix=F16-LARGE
// F16-LARGE-NOT: FAIL
// F16-LARGE: fuse-run: PASS: 20 trials, 0 mismatches, {{.*}}, {{[1-9][0-9]*}} elements matched the native-precision reference only
// RUN: fuse-run %s --func=naive_f16 --trials=1 --seed=116 --fill=large-f16 --dims=s0=3 --print | FileCheck %s --check-prefix=F16-LARGE-LABELS
// F16-LARGE-LABELS: fused #0: [0, 0, 0]
// F16-LARGE-LABELS: ok: 0 mismatches, {{.*}}, 3 elements matched the native-precision reference only
func.func @naive_f16(%x: tensor<?x40xf16>, %c: tensor<24x40xf16>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x40xf16> -> tensor<?x1x40xf16>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<24x40xf16> -> tensor<1x24x40xf16>
  %diff = fuse.sub %xe, %ce : tensor<?x1x40xf16>, tensor<1x24x40xf16> -> tensor<?x24x40xf16>
  %sq = fuse.square %diff : tensor<?x24x40xf16>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x24x40xf16> -> tensor<?x24xf16>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x24xf16> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// f16 storage, f32 arithmetic (the usual mixed-precision form): with
// values near the f16 range nothing overflows, so labels are exact.
// RUN: fuse-run %s --func=naive_f16_f32 --trials=20 --seed=117 | FileCheck %s --check-prefix=MIXED
// MIXED-NOT: FAIL
// MIXED: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_f16_f32 --trials=20 --seed=118 --fill=large-f16 | FileCheck %s --check-prefix=MIXED-LARGE
// MIXED-LARGE-NOT: FAIL
// MIXED-LARGE: fuse-run: PASS: 20 trials, 0 mismatches, {{[0-9]+}} near-ties
// RUN: fuse-run %s --func=naive_f16_f32 --trials=20 --seed=119 --fill=nan | FileCheck %s --check-prefix=MIXED-NAN
// MIXED-NAN-NOT: FAIL
// MIXED-NAN: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=naive_f16_f32 --trials=20 --seed=120 --dup-rows=1 | FileCheck %s --check-prefix=MIXED-DUP
// MIXED-DUP: labels: {{[1-9][0-9]*}} rows with an exact tie
// MIXED-DUP: fuse-run: PASS: 20 trials, 0 mismatches
func.func @naive_f16_f32(%x: tensor<?x40xf16>, %c: tensor<24x40xf16>) -> tensor<?xi64> {
  %x32 = fuse.cast %x : tensor<?x40xf16> to tensor<?x40xf32>
  %c32 = fuse.cast %c : tensor<24x40xf16> to tensor<24x40xf32>
  %xe = fuse.expand_dims %x32, dim = 1 : tensor<?x40xf32> -> tensor<?x1x40xf32>
  %ce = fuse.expand_dims %c32, dim = 0 : tensor<24x40xf32> -> tensor<1x24x40xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x40xf32>, tensor<1x24x40xf32> -> tensor<?x24x40xf32>
  %sq = fuse.square %diff : tensor<?x24x40xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x24x40xf32> -> tensor<?x24xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x24xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
