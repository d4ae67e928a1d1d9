// The seeds' nearest-centroid programs on a hand-checkable input, and the
// same programs after the compiler's fusion passes, which the reference
// evaluator must agree with (it evaluates fuse.kernel and
// fuse.running_min too).
//
// x (4 samples, 2 features) = [[0, 0], [4, 4], [1, 3], [2.5, 3]]
// c (2 centroids)           = [[1, 1], [4, 5]]
// Squared distances, dist[i][j] = sum_k (x[i][k] - c[j][k])^2:
//   x0 (0, 0):   c0: 1 + 1 = 2           c1: 16 + 25 = 41   -> label 0
//   x1 (4, 4):   c0: 9 + 9 = 18          c1: 0 + 1 = 1      -> label 1
//   x2 (1, 3):   c0: 0 + 4 = 4           c1: 9 + 4 = 13     -> label 0
//   x3 (2.5, 3): c0: 2.25 + 4 = 6.25     c1: 2.25 + 4 = 6.25 -> tie, label 0
// Gram form: xx = [0, 32, 10, 15.25], cc = [2, 41],
//   x @ c.T = [[0, 0], [8, 36], [4, 19], [5.5, 25]],
//   xx + cc - 2 x @ c.T = the same distances.

// RUN: fuse-eval %s --func=naive --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=NAIVE
// NAIVE: result #0: tensor<4x2xf32> = {{\[\[}}2, 41], [18, 1], [4, 13], [6.25, 6.25]]
// NAIVE: result #1: tensor<4xi64> = [0, 1, 0, 0]
func.func @naive(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x2xf32>, tensor<1x2x2xf32> -> tensor<?x2x2xf32>
  %sq = fuse.square %diff : tensor<?x2x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x2x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}

// The observer sees every intermediate, among them the (n, k) distance
// matrix that feeds the argmin (ops are named by line:column).
// RUN: fuse-eval %s --func=labels_only --print-intermediates \
// RUN:   --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' --input='[[1, 1], [4, 5]]' \
// RUN:   | FileCheck %s --check-prefix=OBSERVE
// OBSERVE: intermediate: fuse.expand_dims at [[# @LINE + 8]]:9 #0: tensor<4x1x2xf32> = {{\[\[\[}}0, 0]], {{\[\[}}4, 4]], {{\[\[}}1, 3]], {{\[\[}}2.5, 3]]]
// OBSERVE-NEXT: intermediate: fuse.expand_dims at [[# @LINE + 8]]:9 #0: tensor<1x2x2xf32> = {{\[\[\[}}1, 1], [4, 5]]]
// OBSERVE-NEXT: intermediate: fuse.sub at [[# @LINE + 8]]:11 #0: tensor<4x2x2xf32>
// OBSERVE-NEXT: intermediate: fuse.square at [[# @LINE + 8]]:9 #0: tensor<4x2x2xf32> = {{\[\[\[}}1, 1], [16, 25]], {{\[\[}}9, 9], [0, 1]], {{\[\[}}0, 4], [9, 4]], {{\[\[}}2.25, 4], [2.25, 4]]]
// OBSERVE-NEXT: intermediate: fuse.sum at [[# @LINE + 8]]:11 #0: tensor<4x2xf32> = {{\[\[}}2, 41], [18, 1], [4, 13], [6.25, 6.25]]
// OBSERVE-NEXT: intermediate: fuse.argmin at [[# @LINE + 8]]:13 #0: tensor<4xi64> = [0, 1, 0, 0]
// OBSERVE-NEXT: result #0: tensor<4xi64> = [0, 1, 0, 0]
func.func @labels_only(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x2xf32>, tensor<1x2x2xf32> -> tensor<?x2x2xf32>
  %sq = fuse.square %diff : tensor<?x2x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x2x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// RUN: fuse-eval %s --func=gemm --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=GEMM
// GEMM: result #0: tensor<4x2xf32> = {{\[\[}}2, 41], [18, 1], [4, 13], [6.25, 6.25]]
// GEMM: result #1: tensor<4xi64> = [0, 1, 0, 0]
func.func @gemm(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xsq = fuse.mul %x, %x : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<2x2xf32> -> tensor<2xf32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}

// One step of the running argmin (examples/running_step.mlir with two
// features), from the state after centroid 0, best_d = [2, 18, 4, 6.25],
// best_i = [0, 0, 0, 0], with c_1 = [4, 5], j = 1:
//   d = [41, 1, 13, 6.25]; better = d < best_d = [no, yes, no, no (a tie)]
//   new best_d = [2, 1, 4, 6.25], new best_i = [0, 1, 0, 0]
// RUN: fuse-eval %s --func=running_step --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[4, 5]' --input=1 --input='[2, 18, 4, 6.25]' --input='[0, 0, 0, 0]' \
// RUN:   | FileCheck %s --check-prefix=STEP
// STEP: result #0: tensor<4xf32> = [2, 1, 4, 6.25]
// STEP: result #1: tensor<4xi64> = [0, 1, 0, 0]
func.func @running_step(%x: tensor<?x2xf32>, %cj: tensor<2xf32>, %j: tensor<i64>,
                        %best_d: tensor<?xf32>, %best_i: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %diff = fuse.sub %x, %cj : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq = fuse.square %diff : tensor<?x2xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better = fuse.cmp lt, %d, %best_d : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %new_d = fuse.where %better, %d, %best_d : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %new_i = fuse.where %better, %j, %best_i : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %new_d, %new_i : tensor<?xf32>, tensor<?xi64>
}

// The whole running loop over k = 2 centroids, unrolled as in
// examples/running_loop_k8.mlir, from best_d = inf: labels [0, 1, 0, 0].
// RUN: fuse-eval %s --func=running_loop --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=LOOP
// LOOP: result #0: tensor<4xi64> = [0, 1, 0, 0]
func.func @running_loop(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %j0 = arith.constant 0 : index
  %jv0 = fuse.constant dense<0> : tensor<i64>
  %c0 = fuse.take %c[%j0], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq0 = fuse.square %diff0 : tensor<?x2xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %better0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %better0, %jv0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %j1 = arith.constant 1 : index
  %jv1 = fuse.constant dense<1> : tensor<i64>
  %c1 = fuse.take %c[%j1], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff1 = fuse.sub %x, %c1 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq1 = fuse.square %diff1 : tensor<?x2xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better1 = fuse.cmp lt, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %better1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %better1, %jv1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi1 : tensor<?xi64>
}

// After the compiler's fusion pipeline (kernels, argmin turned into a
// running minimum) every function still computes the same values.
// RUN: fuse-opt --fuse-fusion-pipeline %s -o %t.fused.mlir
// RUN: FileCheck %s --check-prefix=FUSED-IR < %t.fused.mlir
// FUSED-IR: fuse.kernel
// FUSED-IR: fuse.running_min
// RUN: fuse-eval %t.fused.mlir --func=naive --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=NAIVE
// RUN: fuse-eval %t.fused.mlir --func=labels_only --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=LOOP
// RUN: fuse-eval %t.fused.mlir --func=gemm --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=GEMM
// RUN: fuse-eval %t.fused.mlir --func=running_step --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[4, 5]' --input=1 --input='[2, 18, 4, 6.25]' --input='[0, 0, 0, 0]' \
// RUN:   | FileCheck %s --check-prefix=STEP
// RUN: fuse-eval %t.fused.mlir --func=running_loop --input='[[0, 0], [4, 4], [1, 3], [2.5, 3]]' \
// RUN:   --input='[[1, 1], [4, 5]]' | FileCheck %s --check-prefix=LOOP
