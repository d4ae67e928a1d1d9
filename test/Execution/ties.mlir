// Hand-made ties whose labels are known. fuse-run --print shows the fused
// and the reference results; the comparison must pass, and the labels must
// be the ones the dialect's semantics give: the lowest index for argmin,
// argmax and a `cmp lt` loop, the last for a `cmp le` loop.

// Five equal candidates per row, x + 0 broadcast over a splat of five
// zeros: whatever x is, argmin and argmax both give the lowest index, 0.
// (Non-splat constants cannot go into kernels, so the candidates cannot be
// made unequal by a constant.)
// RUN: fuse-run %s --func=forced_ties --trials=3 --dims=s0=3 --print | FileCheck %s --check-prefix=FORCED
// FORCED: trial 0 [program extents]: s0=3; (3x1xf32) -> (3xi64, 3xi64)
// FORCED: fused #0: [0, 0, 0]
// FORCED-NEXT: fused #1: [0, 0, 0]
// FORCED-NEXT: reference #0: [0, 0, 0]
// FORCED-NEXT: reference #1: [0, 0, 0]
// FORCED-NEXT: ok: 0 mismatches, 0 near-ties, max rel err 0 (L=1), 6 rows with an exact tie
// FORCED: fuse-run: PASS: 3 trials, 0 mismatches, 0 near-ties
func.func @forced_ties(%x: tensor<?x1xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %zeros = fuse.constant dense<0.0> : tensor<5xf32>
  %a = fuse.add %x, %zeros : tensor<?x1xf32>, tensor<5xf32> -> tensor<?x5xf32>
  %amin = fuse.argmin %a, dim = 1 : tensor<?x5xf32> -> tensor<?xi64>
  %amax = fuse.argmax %a, dim = 1 : tensor<?x5xf32> -> tensor<?xi64>
  return %amin, %amax : tensor<?xi64>, tensor<?xi64>
}

// Duplicated centroids in the naive form: with all-equal data every
// distance is 0, so every label is 0; with --dup-rows the copies tie with
// their originals and the lower index wins.
// RUN: fuse-run %s --func=naive --trials=4 --dims=s0=4 --fill=equal --print | FileCheck %s --check-prefix=EQUAL
// EQUAL: fused #0: [0, 0, 0, 0]
// EQUAL-NEXT: reference #0: [0, 0, 0, 0]
// EQUAL: fuse-run: PASS: 4 trials, 0 mismatches, 0 near-ties
// RUN: fuse-run %s --func=naive --trials=20 --dup-rows=1 | FileCheck %s --check-prefix=DUP
// DUP: labels: {{[1-9][0-9]*}} rows with an exact tie
// DUP: fuse-run: PASS: 20 trials, 0 mismatches
func.func @naive(%x: tensor<?x3xf32>, %c: tensor<6x3xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x3xf32> -> tensor<?x1x3xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<6x3xf32> -> tensor<1x6x3xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x3xf32>, tensor<1x6x3xf32> -> tensor<?x6x3xf32>
  %sq = fuse.square %diff : tensor<?x6x3xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x6x3xf32> -> tensor<?x6xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x6xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// A user-written running loop over c[1], c[0], c[1]: candidates 0 and 2 are
// the same centroid. With `lt` an equal later candidate never replaces the
// best, so on all-equal data every label is 0, and label 2 never appears.
// RUN: fuse-run %s --func=loop_lt --trials=3 --dims=s0=2 --keep-extent=2 --fill=equal --print | FileCheck %s --check-prefix=LT
// LT: fused #0: [0, 0]
// LT-NEXT: reference #0: [0, 0]
// LT: fuse-run: PASS: 3 trials, 0 mismatches
// RUN: fuse-run %s --func=loop_lt --trials=20 --keep-extent=2 | FileCheck %s --check-prefix=LT-RANDOM
// LT-RANDOM: labels: {{[1-9][0-9]*}} rows with an exact tie
// LT-RANDOM: fuse-run: PASS: 20 trials, 0 mismatches
func.func @loop_lt(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %l0 = fuse.constant dense<0> : tensor<i64>
  %l1 = fuse.constant dense<1> : tensor<i64>
  %l2 = fuse.constant dense<2> : tensor<i64>
  %c0 = fuse.take %c[%i1], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %c1 = fuse.take %c[%i0], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq0 = fuse.square %diff0 : tensor<?x4xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %b0, %l0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %diff1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq1 = fuse.square %diff1 : tensor<?x4xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp lt, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %b1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %b1, %l1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %diff2 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq2 = fuse.square %diff2 : tensor<?x4xf32>
  %d2 = fuse.sum %sq2, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b2 = fuse.cmp lt, %d2, %bd1 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bi2 = fuse.where %b2, %l2, %bi1 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi2 : tensor<?xi64>
}

// The same loop with `le`: an equal later candidate does replace the best,
// so on all-equal data every label is the last one, 2.
// RUN: fuse-run %s --func=loop_le --trials=3 --dims=s0=2 --keep-extent=2 --fill=equal --print | FileCheck %s --check-prefix=LE
// LE: fused #0: [2, 2]
// LE-NEXT: reference #0: [2, 2]
// LE: fuse-run: PASS: 3 trials, 0 mismatches
// RUN: fuse-run %s --func=loop_le --trials=20 --keep-extent=2 | FileCheck %s --check-prefix=LE-RANDOM
// LE-RANDOM: fuse-run: PASS: 20 trials, 0 mismatches
func.func @loop_le(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %l0 = fuse.constant dense<0> : tensor<i64>
  %l1 = fuse.constant dense<1> : tensor<i64>
  %l2 = fuse.constant dense<2> : tensor<i64>
  %c0 = fuse.take %c[%i1], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %c1 = fuse.take %c[%i0], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq0 = fuse.square %diff0 : tensor<?x4xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp le, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %b0, %l0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %diff1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq1 = fuse.square %diff1 : tensor<?x4xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp le, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %b1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %b1, %l1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %diff2 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %sq2 = fuse.square %diff2 : tensor<?x4xf32>
  %d2 = fuse.sum %sq2, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b2 = fuse.cmp le, %d2, %bd1 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bi2 = fuse.where %b2, %l2, %bi1 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi2 : tensor<?xi64>
}
