// fuse.running_min and fuse.kernel in the reference evaluator. The loop
// runs t over [0, trips), carries (best, index), replaces them only when a
// candidate is strictly better (ties keep the lowest index) and records
// offset + t. nan = propagate: a NaN candidate beats every number and the
// first NaN stays; nan = ignore: a NaN never wins (and a NaN state is never
// replaced, like a user-written `cmp lt` loop). Without init the state
// starts at +inf (min) / -inf (max), or the largest/smallest integer, with
// index 0. Expected values are worked out by hand in the comments.
//
// The candidates of most tests are the rows of D (t = 0..3, 5 columns):
//   t=0: [3,   nan, inf,  5, -inf]
//   t=1: [1,   0,   inf, nan,   0]
//   t=2: [1,   nan, inf,  4, -inf]
//   t=3: [2,  -1,   inf,  6,    0]

// min, propagate; the same indices as argmin over dim 0 of D:
//   col 0: 3, then 1 at t=1 (the 1 at t=2 ties and loses) -> 1 @ 1
//   col 1: NaN at t=0 wins and stays                        -> nan @ 0
//   col 2: nothing beats the initial +inf                   -> inf @ 0
//   col 3: 5, then NaN at t=1 beats it and stays            -> nan @ 1
//   col 4: -inf at t=0; the -inf at t=2 ties                -> -inf @ 0
// RUN: fuse-eval %s --func=min_propagate \
// RUN:   --input='[[3, nan, inf, 5, -inf], [1, 0, inf, nan, 0], [1, nan, inf, 4, -inf], [2, -1, inf, 6, 0]]' \
// RUN:   | FileCheck %s --check-prefix=MINP
// MINP: result #0: tensor<5xf32> = [1, nan, inf, nan, -inf]
// MINP: result #1: tensor<5xi64> = [1, 0, 0, 1, 0]
// MINP: result #2: tensor<5xi64> = [1, 0, 0, 1, 0]
func.func @min_propagate(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %arg = fuse.argmin %d, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %best, %idx, %arg : tensor<?xf32>, tensor<?xi64>, tensor<?xi64>
}

// min, ignore:
//   col 0: 1 @ 1;  col 1: NaNs skipped, 0 at t=1, then -1 at t=3 -> -1 @ 3
//   col 2: inf @ 0;  col 3: 5, NaN skipped, 4 at t=2, 6 no -> 4 @ 2
//   col 4: -inf @ 0
// RUN: fuse-eval %s --func=min_ignore \
// RUN:   --input='[[3, nan, inf, 5, -inf], [1, 0, inf, nan, 0], [1, nan, inf, 4, -inf], [2, -1, inf, 6, 0]]' \
// RUN:   | FileCheck %s --check-prefix=MINI
// MINI: result #0: tensor<5xf32> = [1, -1, inf, 4, -inf]
// MINI: result #1: tensor<5xi64> = [1, 3, 0, 2, 0]
func.func @min_ignore(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = ignore trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

// max, propagate; the same indices as argmax over dim 0 of D:
//   col 0: 3 @ 0;  col 1: nan @ 0;  col 2: inf > -inf at t=0 -> inf @ 0
//   col 3: 5, then NaN at t=1 -> nan @ 1
//   col 4: -inf does not beat the initial -inf; 0 at t=1; 0 at t=3 ties -> 0 @ 1
// RUN: fuse-eval %s --func=max_propagate \
// RUN:   --input='[[3, nan, inf, 5, -inf], [1, 0, inf, nan, 0], [1, nan, inf, 4, -inf], [2, -1, inf, 6, 0]]' \
// RUN:   | FileCheck %s --check-prefix=MAXP
// MAXP: result #0: tensor<5xf32> = [3, nan, inf, nan, 0]
// MAXP: result #1: tensor<5xi64> = [0, 0, 0, 1, 1]
// MAXP: result #2: tensor<5xi64> = [0, 0, 0, 1, 1]
func.func @max_propagate(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min max nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %arg = fuse.argmax %d, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %best, %idx, %arg : tensor<?xf32>, tensor<?xi64>, tensor<?xi64>
}

// max, ignore:
//   col 0: 3 @ 0;  col 1: NaN skipped, 0 @ 1 (-1 later is smaller)
//   col 2: inf @ 0;  col 3: 5 @ 0, NaN skipped, 4 no, 6 @ 3;  col 4: 0 @ 1
// RUN: fuse-eval %s --func=max_ignore \
// RUN:   --input='[[3, nan, inf, 5, -inf], [1, 0, inf, nan, 0], [1, nan, inf, 4, -inf], [2, -1, inf, 6, 0]]' \
// RUN:   | FileCheck %s --check-prefix=MAXI
// MAXI: result #0: tensor<5xf32> = [3, 0, inf, 6, 0]
// MAXI: result #1: tensor<5xi64> = [0, 1, 0, 3, 1]
func.func @max_ignore(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min max nan = ignore trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

// With an initial state and an offset: init values [2, nan, 0.5, 7, 1],
// indices [10, 11, 12, 13, 14], offset 100 (so t records 100 + t).
//   col 0: 2; 3 no; 1 at t=1 -> 1 @ 101; the later 1 and 2 do not beat it
//   col 1: the state is NaN: with ignore c < NaN never holds; with
//          propagate the first NaN (the initial one) stays -> nan @ 11
//   col 2: 0.5; inf never beats it -> 0.5 @ 12
//   col 3: 7; 5 at t=0 -> 5 @ 100; ignore: 4 at t=2 -> 4 @ 102;
//          propagate: NaN at t=1 -> nan @ 101, and it stays
//   col 4: 1; -inf at t=0 -> -inf @ 100
// RUN: fuse-eval %s --func=init_offset \
// RUN:   --input='[[3, nan, inf, 5, -inf], [1, 0, inf, nan, 0], [1, nan, inf, 4, -inf], [2, -1, inf, 6, 0]]' \
// RUN:   --input='[2, nan, 0.5, 7, 1]' --input='[10, 11, 12, 13, 14]' --input=100 \
// RUN:   | FileCheck %s --check-prefix=INIT
// INIT: result #0: tensor<5xf32> = [1, nan, 0.5, 4, -inf]
// INIT: result #1: tensor<5xi64> = [101, 11, 12, 102, 100]
// INIT: result #2: tensor<5xf32> = [1, nan, 0.5, nan, -inf]
// INIT: result #3: tensor<5xi64> = [101, 11, 12, 101, 100]
func.func @init_offset(%d: tensor<?x?xf32>, %bv: tensor<?xf32>, %bi: tensor<?xi64>, %off: tensor<i64>)
    -> (tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %b0, %i0 = fuse.running_min min nan = ignore trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %b0, %i0, %b1, %i1 : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>
}

// A rank-0 initial state broadcasts to the candidates' shape. init 1.5 @ -1,
// candidates [2, 1] then [3, 2]:
//   col 0: 2 and 3 do not beat 1.5 -> 1.5 @ -1
//   col 1: 1 at t=0 -> 1 @ 0; 2 no
// RUN: fuse-eval %s --func=scalar_init --input='[[2, 1], [3, 2]]' --input=1.5 --input=-1 \
// RUN:   | FileCheck %s --check-prefix=SINIT
// SINIT: result #0: tensor<2xf32> = [1.5, 1]
// SINIT: result #1: tensor<2xi64> = [-1, 0]
func.func @scalar_init(%d: tensor<?x?xf32>, %s: tensor<f32>, %si: tensor<i64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = ignore trips(%k) init(%s, %si : tensor<f32>, tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

// A rank-0 candidate broadcasts to the state: candidates v[t] = 3, 1 against
// init [5, 0, nan] @ [7, 8, 9], min ignore:
//   col 0: 5; 3 -> 3 @ 0; 1 -> 1 @ 1
//   col 1: 0; neither 3 nor 1 beats it -> 0 @ 8
//   col 2: NaN state, ignore -> nan @ 9
// RUN: fuse-eval %s --func=scalar_candidate --input='[3, 1]' --input='[5, 0, nan]' \
// RUN:   --input='[7, 8, 9]' | FileCheck %s --check-prefix=SCAND
// SCAND: result #0: tensor<3xf32> = [1, 0, nan]
// SCAND: result #1: tensor<3xi64> = [1, 8, 9]
func.func @scalar_candidate(%v: tensor<2xf32>, %bv: tensor<3xf32>, %bi: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %best, %idx = fuse.running_min min nan = ignore trips(%c2) init(%bv, %bi : tensor<3xf32>, tensor<3xi64>) : tensor<3xf32>, tensor<3xi64> {
  ^bb0(%t: index):
    %x = fuse.take %v[%t], dim = 0 : tensor<2xf32> -> tensor<f32>
    fuse.yield %x : tensor<f32>
  }
  return %best, %idx : tensor<3xf32>, tensor<3xi64>
}

// Zero trips: the initial state comes back unchanged; without one, a static
// result holds the defaults: +inf (min) or -inf (max) with index 0. The
// body (which would read out of range) never runs.
// RUN: fuse-eval %s --func=zero_trips --input=0 --input='[4, 5]' --input='[7, 8]' \
// RUN:   | FileCheck %s --check-prefix=ZERO
// ZERO: result #0: tensor<2xf32> = [4, 5]
// ZERO: result #1: tensor<2xi64> = [7, 8]
// ZERO: result #2: tensor<2xf32> = [inf, inf]
// ZERO: result #3: tensor<2xi64> = [0, 0]
// ZERO: result #4: tensor<2xf32> = [-inf, -inf]
func.func @zero_trips(%k: index, %bv: tensor<2xf32>, %bi: tensor<2xi64>)
    -> (tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>) {
  %b0, %i0 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<2xf32>, tensor<2xi64>) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    %big = arith.constant 1000 : index
    %u = arith.addi %t, %big : index
    %row = fuse.take %bv[%u], dim = 0 : tensor<2xf32> -> tensor<f32>
    %b = fuse.broadcast_to %row : tensor<f32> -> tensor<2xf32>
    fuse.yield %b : tensor<2xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  %b2, %i2 = fuse.running_min max nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  return %b0, %i0, %b1, %i1, %b2 : tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>
}

// Integer candidates start from the extremes of i32:
//   D = [[3, -2, -2147483648], [3, -5, -2147483648]]
//   min: col 0 3 @ 0 (the 3 at t=1 ties); col 1 -5 @ 1;
//        col 2 -2147483648 < 2147483647 at t=0 -> @ 0
//   max: col 0 3 @ 0; col 1 -2 @ 0; col 2 -2147483648 never beats the
//        initial -2147483648 -> -2147483648 @ 0
// RUN: fuse-eval %s --func=int_candidates \
// RUN:   --input='[[3, -2, -2147483648], [3, -5, -2147483648]]' \
// RUN:   | FileCheck %s --check-prefix=INT
// INT: result #0: tensor<3xi32> = [3, -5, -2147483648]
// INT: result #1: tensor<3xi64> = [0, 1, 0]
// INT: result #2: tensor<3xi32> = [3, -2, -2147483648]
// INT: result #3: tensor<3xi64> = [0, 0, 0]
func.func @int_candidates(%d: tensor<2x3xi32>) -> (tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %b0, %i0 = fuse.running_min min nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  %b1, %i1 = fuse.running_min max nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  return %b0, %i0, %b1, %i1 : tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>
}

// A kernel with a running minimum over centroids, as fuse-argmin-to-running-min
// produces it (test/Dialect/Fuse/ops.mlir):
//   x = [[0, 0], [4, 4], [2, 2]], c = [[1, 1], [3, 3], [1, 1]]
//   x0: 2, 18, 2  -> 2 @ 0 (the 2 at t=2 ties)
//   x1: 18, 2, 18 -> 2 @ 1
//   x2: 2, 2, 2   -> 2 @ 0
// The kernel's yielded values become its results; the function returns them.
// RUN: fuse-eval %s --func=kernel --input='[[0, 0], [4, 4], [2, 2]]' \
// RUN:   --input='[[1, 1], [3, 3], [1, 1]]' | FileCheck %s --check-prefix=KERNEL
// KERNEL: result #0: tensor<3xf32> = [2, 2, 2]
// KERNEL: result #1: tensor<3xi64> = [0, 1, 0]
func.func @kernel(%x: tensor<?x2xf32>, %c: tensor<3x2xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0:2 = fuse.kernel @k ins(%x, %c : tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?xf32>, tensor<?xi64> {
  ^bb0(%xa: tensor<?x2xf32>, %ca: tensor<3x2xf32>):
    %k = arith.constant 3 : index
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %ca[%t], dim = 0 : tensor<3x2xf32> -> tensor<2xf32>
      %d = fuse.sub %xa, %cj : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
      %s = fuse.square %d : tensor<?x2xf32>
      %r = fuse.sum %s, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
      fuse.yield %r : tensor<?xf32>
    }
    fuse.yield %best, %idx : tensor<?xf32>, tensor<?xi64>
  }
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>
}
