// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-lower-to-loops | FileCheck %s

// The naive assignment becomes one loop nest: rows, then a loop over the
// candidates carrying (best, index), then the feature sum inside it. The
// only memory written is the labels out-parameter: no buffer is allocated.
// CHECK-LABEL: func.func @naive
// CHECK-SAME: (%[[X:.*]]: memref<?x512xf32>, %[[C:.*]]: memref<256x512xf32>, %[[L:.*]]: memref<?xi64>)
// CHECK-SAME: llvm.emit_c_interface
// CHECK-NOT: memref.alloc
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %{{.*}}:2 = scf.for %[[J:.*]] = {{.*}} iter_args(%[[BEST:.*]] = %{{.*}}, %[[IDX:.*]] = %{{.*}}) -> (f32, i64)
// CHECK:     scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
// CHECK:       memref.load %[[X]][%[[I]], %[[K]]]
// CHECK:       memref.load %[[C]][%[[J]], %[[K]]]
// CHECK:       arith.subf
// CHECK:       math.fma
// CHECK:     arith.cmpf olt
// CHECK:     arith.cmpf uno
// CHECK:     arith.select
// CHECK:   memref.store %{{.*}}, %[[L]][%[[I]]] : memref<?xi64>
// CHECK-NOT: memref.alloc
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

// Gram form: the sample norm is computed once per row, before the candidate
// loop (it does not depend on the candidate).
// CHECK-LABEL: func.func @gram
// CHECK-NOT: memref.alloc
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[XX:.*]] = scf.for {{.*}} -> (f32)
// CHECK:   scf.for {{.*}} iter_args({{.*}}) -> (f32, i64)
// CHECK:     arith.addf %[[XX]], %{{.*}} : f32
// CHECK-NOT: memref.alloc
func.func @gram(%x: tensor<?x64xf32>, %c: tensor<10x64xf32>) -> tensor<?xi64> {
  %xsq = fuse.mul %x, %x : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<10x64xf32>, tensor<10x64xf32> -> tensor<10x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<10x64xf32> -> tensor<10xf32>
  %ct = fuse.transpose %c : tensor<10x64xf32> -> tensor<64x10xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x64xf32>, tensor<64x10xf32> -> tensor<?x10xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<10xf32> -> tensor<?x10xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %d = fuse.sub %n, %xc2 : tensor<?x10xf32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x10xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// Two kernels (the distance matrix is returned): the matrix is written
// into the result out-parameter and read back by the argmin loop; still
// nothing is allocated.
// CHECK-LABEL: func.func @both
// CHECK-SAME: %[[D:[a-z0-9]+]]: memref<4x3xf32>, %[[L:[a-z0-9]+]]: memref<4xi64>
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[D]]
// CHECK: memref.load %[[D]]
// CHECK: memref.store %{{.*}}, %[[L]]
func.func @both(%x: tensor<4x2xf32>, %c: tensor<3x2xf32>) -> (tensor<4x3xf32>, tensor<4xi64>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<4x2xf32> -> tensor<4x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<3x2xf32> -> tensor<1x3x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<4x1x2xf32>, tensor<1x3x2xf32> -> tensor<4x3x2xf32>
  %sq = fuse.square %diff : tensor<4x3x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<4x3x2xf32> -> tensor<4x3xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<4x3xf32> -> tensor<4xi64>
  return %dist, %labels : tensor<4x3xf32>, tensor<4xi64>
}

// -----

// A temporary between kernels (the row sums) is allocated with its dynamic
// size from the argument and freed after its last use.
// CHECK-LABEL: func.func @centered
// CHECK-SAME: (%[[X:.*]]: memref<?x64xf32>, %[[Y:.*]]: memref<?x64xf32>)
// CHECK: %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x64xf32>
// CHECK: %[[T:.*]] = memref.alloc(%[[N]]) : memref<?x1xf32>
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: memref.load %[[T]]
// CHECK: memref.dealloc %[[T]]
// CHECK: return
func.func @centered(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %s = fuse.sum %x, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %s : tensor<?x64xf32>, tensor<?x1xf32> -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}

// -----

// The user-written running loop (rolled into one running minimum) is one
// loop nest over the candidates too; nothing is allocated.
// CHECK-LABEL: func.func @loop2
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, i64)
// CHECK-NOT: memref.alloc
func.func @loop2(%x: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
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

// -----

// Sizes and i64 constants are exact, not rounded through a double (found by
// fusec-fuzz: a static size of 2^63 - 1 did not convert back, and a splat
// of 2^53 + 1 became 2^53).
// CHECK-LABEL: func.func @exact_size
// CHECK: arith.constant 9223372036854775807 : index
func.func @exact_size(%a: tensor<9223372036854775807xi1>, %z: tensor<i1>) -> tensor<9223372036854775807xi1> {
  %0 = fuse.cmp gt, %a, %z : tensor<9223372036854775807xi1>, tensor<i1> -> tensor<9223372036854775807xi1>
  return %0 : tensor<9223372036854775807xi1>
}

// -----

// CHECK-LABEL: func.func @exact_splat
// CHECK: arith.constant 9007199254740993 : i64
func.func @exact_splat(%x: tensor<4xi64>) -> tensor<4xi64> {
  %c = fuse.constant dense<9007199254740993> : tensor<i64>
  %y = fuse.add %x, %c : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  return %y : tensor<4xi64>
}
