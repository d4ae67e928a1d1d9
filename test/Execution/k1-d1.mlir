// One candidate (k = 1) and one feature (d = 1), static and dynamic. A
// static extent of 1 is never re-specialized (size-1 dimensions broadcast),
// so these functions keep it in every trial.

// k = 1: every label is 0.
// RUN: fuse-run %s --func=k1 --trials=20 --seed=81 | FileCheck %s --check-prefix=K1
// K1: fuse-run: symbols: s0 5 (static, reduced)
// K1: trial 0 [program extents]: s0={{[0-9]+}} 5->5; ({{[0-9]+}}x5xf32, 1x5xf32) -> ({{[0-9]+}}xi64)
// K1-NOT: FAIL
// K1: fuse-run: PASS: 20 trials, 0 mismatches, 0 near-ties
// RUN: fuse-run %s --func=k1 --trials=2 --dims=s0=3 --print | FileCheck %s --check-prefix=K1-LABELS
// K1-LABELS: fused #0: [0, 0, 0]
func.func @k1(%x: tensor<?x5xf32>, %c: tensor<1x5xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x5xf32> -> tensor<?x1x5xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<1x5xf32> -> tensor<1x1x5xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x5xf32>, tensor<1x1x5xf32> -> tensor<?x1x5xf32>
  %sq = fuse.square %diff : tensor<?x1x5xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x1x5xf32> -> tensor<?x1xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x1xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// d = 1: distances are single squares.
// RUN: fuse-run %s --func=d1 --trials=20 --seed=82 | FileCheck %s --check-prefix=D1
// D1: fuse-run: symbols: s0 7 (static, candidates)
// D1-NOT: FAIL
// D1: fuse-run: PASS: 20 trials, 0 mismatches
// RUN: fuse-run %s --func=d1 --trials=20 --seed=83 --dup-rows=1 | FileCheck %s --check-prefix=D1-DUP
// D1-DUP: labels: {{[1-9][0-9]*}} rows with an exact tie
// D1-DUP: fuse-run: PASS: 20 trials, 0 mismatches
func.func @d1(%x: tensor<?x1xf32>, %c: tensor<7x1xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x1xf32> -> tensor<?x1x1xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<7x1xf32> -> tensor<1x7x1xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x1xf32>, tensor<1x7x1xf32> -> tensor<?x7x1xf32>
  %sq = fuse.square %diff : tensor<?x7x1xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x7x1xf32> -> tensor<?x7xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x7xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// k = d = 1, with the distance as a second result.
// RUN: fuse-run %s --func=k1d1 --trials=20 --seed=84 | FileCheck %s --check-prefix=K1D1
// K1D1: trial 1 [n=1]: s0=1; (1x1xf32, 1x1xf32) -> (1xi64, 1x1xf32)
// K1D1-NOT: FAIL
// K1D1: fuse-run: PASS: 20 trials, 0 mismatches
func.func @k1d1(%x: tensor<?x1xf32>, %c: tensor<1x1xf32>) -> (tensor<?xi64>, tensor<?x1xf32>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x1xf32> -> tensor<?x1x1xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<1x1xf32> -> tensor<1x1x1xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x1xf32>, tensor<1x1x1xf32> -> tensor<?x1x1xf32>
  %sq = fuse.square %diff : tensor<?x1x1xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x1x1xf32> -> tensor<?x1xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x1xf32> -> tensor<?xi64>
  return %labels, %dist : tensor<?xi64>, tensor<?x1xf32>
}

// Everything dynamic: n, d and k are size symbols s0, s1 and s2, and the
// aimed trials set k = 1 and d = 1 at run time.
// RUN: fuse-run %s --func=dynamic --trials=20 --seed=85 | FileCheck %s --check-prefix=DYN
// DYN: fuse-run: symbols: s0 s1 (reduced) s2 (candidates)
// DYN: trial 1 [n=1]: s0=1 s1={{[0-9]+}} s2={{[0-9]+}};
// DYN: trial 2 [k=1]: s0={{[0-9]+}} s1={{[0-9]+}} s2=1;
// DYN: trial 3 [d=1]: s0={{[0-9]+}} s1=1 s2={{[0-9]+}};
// DYN-NOT: FAIL
// DYN: fuse-run: coverage: s0{1, non-pow2} s1{1, non-pow2} s2{1, non-pow2}
// DYN: fuse-run: PASS: 20 trials, 0 mismatches
func.func @dynamic(%x: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x?xf32> -> tensor<?x1x?xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<?x?xf32> -> tensor<1x?x?xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x?xf32>, tensor<1x?x?xf32> -> tensor<?x?x?xf32>
  %sq = fuse.square %diff : tensor<?x?x?xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
