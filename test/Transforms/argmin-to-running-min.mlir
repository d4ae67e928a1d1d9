// RUN: fuse-opt %s -split-input-file -fuse-argmin-to-running-min | FileCheck %s

// Naive assignment: argmin over k of a sum over d becomes a loop over the
// candidates that carries (best, index), with the sum nested inside; the
// (n, k) and (n, k, d) values are gone.
// CHECK-LABEL: func.func @naive
// CHECK-SAME: (%[[X:.*]]: tensor<?x512xf32>, %[[C:.*]]: tensor<256x512xf32>)
// CHECK: %[[K:.*]] = arith.constant 256 : index
// CHECK: %[[BEST:.*]], %[[IDX:.*]] = fuse.running_min min nan = propagate trips(%[[K]]) : tensor<?xf32>, tensor<?xi64> {
// CHECK: ^bb0(%[[T:.*]]: index):
// CHECK:   %[[CJ:.*]] = fuse.take %[[C]][%[[T]]], dim = 0 : tensor<256x512xf32> -> tensor<512xf32>
// CHECK:   fuse.sub %[[X]], %{{.*}} : tensor<?x512xf32>, tensor<1x512xf32> -> tensor<?x512xf32>
// CHECK:   fuse.square
// CHECK:   %[[D:.*]] = fuse.sum %{{.*}}, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
// CHECK:   fuse.yield %[[D]] : tensor<?xf32>
// CHECK: return %[[IDX]]
// CHECK-NOT: fuse.argmin
// CHECK-NOT: tensor<?x256xf32>
// CHECK-NOT: tensor<?x256x512xf32>
func.func @naive(%x: tensor<?x512xf32>, %c: tensor<256x512xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x512xf32> -> tensor<1x256x512xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x512xf32>, tensor<1x256x512xf32> -> tensor<?x256x512xf32>
  %sq = fuse.square %diff : tensor<?x256x512xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// -----

// Gram form: the sample norms do not depend on the candidate and are
// hoisted out of the loop; the centroid norm and the dot product are
// computed per candidate inside it.
// CHECK-LABEL: func.func @gram
// CHECK: %[[XX:.*]] = fuse.sum %{{.*}}, dim = 1 : tensor<?x64xf32> -> tensor<?xf32>
// CHECK: fuse.running_min min nan = propagate
// CHECK:   fuse.take
// CHECK:   fuse.sum %{{.*}}, dim = 0 : tensor<64xf32> -> tensor<f32>
// CHECK:   fuse.add %[[XX]], %{{.*}} : tensor<?xf32>, tensor<f32> -> tensor<?xf32>
// CHECK:   fuse.sum %{{.*}}, dim = 1 : tensor<?x64xf32> -> tensor<?xf32>
// CHECK:   fuse.yield
// CHECK-NOT: tensor<?x10xf32>
func.func @gram(%x: tensor<?x64xf32>, %c: tensor<10x64xf32>) -> tensor<?xi64> {
  %xsq = fuse.square %x : tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.square %c : tensor<10x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<10x64xf32> -> tensor<10xf32>
  %xe = fuse.expand_dims %x, dim = 2 : tensor<?x64xf32> -> tensor<?x64x1xf32>
  %ct = fuse.transpose %c : tensor<10x64xf32> -> tensor<64x10xf32>
  %cte = fuse.expand_dims %ct, dim = 0 : tensor<64x10xf32> -> tensor<1x64x10xf32>
  %p = fuse.mul %xe, %cte : tensor<?x64x1xf32>, tensor<1x64x10xf32> -> tensor<?x64x10xf32>
  %xc = fuse.sum %p, dim = 1 : tensor<?x64x10xf32> -> tensor<?x10xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<10xf32> -> tensor<?x10xf32>
  %d = fuse.sub %n, %xc : tensor<?x10xf32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x10xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// A user-written running loop (three steps over take(c, 0..2)) rolls up
// into one running minimum with the chain's initial state and the user's
// strict `<` (NaN never wins: nan = ignore).
// CHECK-LABEL: func.func @loop3
// CHECK: %[[INF:.*]] = fuse.constant dense<0x7F800000> : tensor<f32>
// CHECK: %[[ZERO:.*]] = fuse.constant dense<0> : tensor<i64>
// CHECK: %[[K:.*]] = arith.constant 3 : index
// CHECK: %{{.*}}, %[[IDX:.*]] = fuse.running_min min nan = ignore trips(%[[K]]) init(%[[INF]], %[[ZERO]] : tensor<f32>, tensor<i64>) : tensor<?xf32>, tensor<?xi64>
// CHECK:   fuse.take %{{.*}}[%{{.*}}], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
// CHECK: return %[[IDX]]
// CHECK-NOT: fuse.where
// CHECK-NOT: fuse.cmp
func.func @loop3(%x: tensor<?x4xf32>, %c: tensor<3x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
  %j2 = fuse.constant dense<2> : tensor<i64>
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s0 = fuse.square %e0 : tensor<?x4xf32>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %v0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %x0 = fuse.where %b0, %j0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s1 = fuse.square %e1 : tensor<?x4xf32>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp lt, %d1, %v0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %v1 = fuse.where %b1, %d1, %v0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %x1 = fuse.where %b1, %j1, %x0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %c2 = fuse.take %c[%i2], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e2 = fuse.sub %x, %c2 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s2 = fuse.square %e2 : tensor<?x4xf32>
  %d2 = fuse.sum %s2, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b2 = fuse.cmp lt, %d2, %v1 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %x2 = fuse.where %b2, %j2, %x1 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %x2 : tensor<?xi64>
}

// -----

// The seeds' running step: one step with a runtime index becomes a one-trip
// running minimum whose recorded index is offset by j.
// CHECK-LABEL: func.func @step
// CHECK-SAME: %[[J:[a-z0-9]+]]: tensor<i64>, %[[BD:[a-z0-9]+]]: tensor<?xf32>, %[[BI:[a-z0-9]+]]: tensor<?xi64>
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[B:.*]], %[[I:.*]] = fuse.running_min min nan = ignore trips(%[[ONE]]) init(%[[BD]], %[[BI]] : tensor<?xf32>, tensor<?xi64>) offset(%[[J]] : tensor<i64>)
// CHECK: return %[[B]], %[[I]]
func.func @step(%x: tensor<?x8xf32>, %cj: tensor<8xf32>, %j: tensor<i64>,
                %bd: tensor<?xf32>, %bi: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %diff = fuse.sub %x, %cj : tensor<?x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %sq = fuse.square %diff : tensor<?x8xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x8xf32> -> tensor<?xf32>
  %better = fuse.cmp lt, %d, %bd : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %nd = fuse.where %better, %d, %bd : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %ni = fuse.where %better, %j, %bi : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %nd, %ni : tensor<?xf32>, tensor<?xi64>
}

// -----

// argmax is the max kind; reduce_min keeps the value result; keepdim
// re-inserts the reduced dimension after the loop; a dynamic candidate
// count reads the size of the tensor that carries it.
// CHECK-LABEL: func.func @kinds
// CHECK-SAME: (%[[S:.*]]: tensor<5x?xf32>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = tensor.dim %[[S]], %[[C1]]
// CHECK: %{{.*}}, %[[AI:.*]] = fuse.running_min max nan = propagate trips(%[[N]])
// CHECK: %[[AK:.*]] = fuse.expand_dims %[[AI]], dim = 1 : tensor<5xi64> -> tensor<5x1xi64>
// CHECK: %[[MV:.*]], %{{.*}} = fuse.running_min min nan = propagate
// CHECK: return %[[AK]], %[[MV]]
func.func @kinds(%s: tensor<5x?xf32>) -> (tensor<5x1xi64>, tensor<5xf32>) {
  %e = fuse.exp %s : tensor<5x?xf32>
  %a = fuse.argmax %e, dim = 1 keepdim : tensor<5x?xf32> -> tensor<5x1xi64>
  %m = fuse.reduce_min %e, dim = 1 : tensor<5x?xf32> -> tensor<5xf32>
  return %a, %m : tensor<5x1xi64>, tensor<5xf32>
}

// -----

// Step labels whose successor overflows int64 (INT64_MAX, then INT64_MIN)
// are not a run base, base + 1, ...: the chain stays as written (found by
// fusec-fuzz: UBSan signed overflow in the check).
// CHECK-LABEL: func.func @label_overflow
// CHECK-NOT: fuse.running_min
// CHECK: return
func.func @label_overflow(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %j0 = fuse.constant dense<9223372036854775807> : tensor<i64>
  %j1 = fuse.constant dense<-9223372036854775808> : tensor<i64>
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %e0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s0 = fuse.square %e0 : tensor<?x4xf32>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %v0 = fuse.where %b0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %x0 = fuse.where %b0, %j0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<2x4xf32> -> tensor<4xf32>
  %e1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s1 = fuse.square %e1 : tensor<?x4xf32>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %b1 = fuse.cmp lt, %d1, %v0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %x1 = fuse.where %b1, %j1, %x0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %x1 : tensor<?xi64>
}
