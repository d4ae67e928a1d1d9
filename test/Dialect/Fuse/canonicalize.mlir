// RUN: fuse-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @mul_self_is_square
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[S:.*]] = fuse.square %[[X]] : tensor<?x4xf32>
// CHECK-NOT: fuse.mul
// CHECK: return %[[S]]
func.func @mul_self_is_square(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = fuse.mul %x, %x : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @square_drops_sign_change
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[Y:.*]]: tensor<8xi32>)
// CHECK-DAG: fuse.square %[[X]] : tensor<8xf32>
// CHECK-DAG: fuse.square %[[Y]] : tensor<8xi32>
// CHECK-NOT: fuse.neg
// CHECK-NOT: fuse.abs
func.func @square_drops_sign_change(%x: tensor<8xf32>, %y: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %n = fuse.neg %x : tensor<8xf32>
  %s = fuse.square %n : tensor<8xf32>
  %a = fuse.abs %y : tensor<8xi32>
  %t = fuse.square %a : tensor<8xi32>
  return %s, %t : tensor<8xf32>, tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @matmul_is_mul_sum
// CHECK-SAME: (%[[A:.*]]: tensor<?x16xf32>, %[[B:.*]]: tensor<16x8xf32>)
// CHECK-DAG: %[[AE:.*]] = fuse.expand_dims %[[A]], dim = 2 : tensor<?x16xf32> -> tensor<?x16x1xf32>
// CHECK-DAG: %[[BE:.*]] = fuse.expand_dims %[[B]], dim = 0 : tensor<16x8xf32> -> tensor<1x16x8xf32>
// CHECK: %[[P:.*]] = fuse.mul %[[AE]], %[[BE]] : tensor<?x16x1xf32>, tensor<1x16x8xf32> -> tensor<?x16x8xf32>
// CHECK: fuse.sum %[[P]], dim = 1 : tensor<?x16x8xf32> -> tensor<?x8xf32>
// CHECK-NOT: fuse.matmul
func.func @matmul_is_mul_sum(%a: tensor<?x16xf32>, %b: tensor<16x8xf32>) -> tensor<?x8xf32> {
  %0 = fuse.matmul %a, %b : tensor<?x16xf32>, tensor<16x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// CHECK-LABEL: func.func @involutions
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @involutions(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n = fuse.neg %x : tensor<4x8xf32>
  %nn = fuse.neg %n : tensor<4x8xf32>
  %t = fuse.transpose %x : tensor<4x8xf32> -> tensor<8x4xf32>
  %tt = fuse.transpose %t : tensor<8x4xf32> -> tensor<4x8xf32>
  return %nn, %tt : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @idempotent
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[A:.*]] = fuse.abs %[[X]]
// CHECK: %[[R:.*]] = fuse.relu %[[X]]
// CHECK: return %[[A]], %[[R]]
func.func @idempotent(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = fuse.abs %x : tensor<4xf32>
  %aa = fuse.abs %a : tensor<4xf32>
  %r = fuse.relu %x : tensor<4xf32>
  %rr = fuse.relu %r : tensor<4xf32>
  return %aa, %rr : tensor<4xf32>, tensor<4xf32>
}

// -----

// Identities that hold bit for bit: x*1, x/1, x-0 (floats and ints), x+0
// (ints only: -0.0 + 0.0 is +0.0, so the float add stays).
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK: %[[F:.*]] = fuse.add %[[X]], %{{.*}} : tensor<4xf32>, tensor<f32>
// CHECK: return %[[X]], %[[X]], %[[X]], %[[I]], %[[F]]
func.func @identities(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %one = fuse.constant dense<1.0> : tensor<f32>
  %zero = fuse.constant dense<0.0> : tensor<f32>
  %izero = fuse.constant dense<0> : tensor<i32>
  %0 = fuse.mul %x, %one : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %1 = fuse.div %x, %one : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %2 = fuse.sub %x, %zero : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %3 = fuse.add %i, %izero : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %4 = fuse.add %x, %zero : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// A broadcast x*1 changes the shape, so it must not fold to x.
// CHECK-LABEL: func.func @no_fold_across_broadcast
// CHECK: fuse.mul
func.func @no_fold_across_broadcast(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  %one = fuse.constant dense<1.0> : tensor<3x1xf32>
  %0 = fuse.mul %x, %one : tensor<4xf32>, tensor<3x1xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @constant_folding
// CHECK-DAG: %[[C:.*]] = fuse.constant dense<7.000000e+00> : tensor<f32>
// CHECK-DAG: %[[M:.*]] = fuse.constant dense<-3> : tensor<i64>
// CHECK-DAG: %[[N:.*]] = fuse.constant dense<0x7FC00000> : tensor<f32>
// CHECK: return %[[C]], %[[M]], %[[N]]
func.func @constant_folding() -> (tensor<f32>, tensor<i64>, tensor<f32>) {
  %two = fuse.constant dense<2.0> : tensor<f32>
  %three = fuse.constant dense<3.0> : tensor<f32>
  %nan = fuse.constant dense<0x7FC00000> : tensor<f32>
  %one_f = fuse.constant dense<1.0> : tensor<f32>
  %a = fuse.mul %two, %three : tensor<f32>, tensor<f32> -> tensor<f32>
  %b = fuse.add %a, %one_f : tensor<f32>, tensor<f32> -> tensor<f32>
  %i3 = fuse.constant dense<3> : tensor<i64>
  %i6 = fuse.constant dense<6> : tensor<i64>
  %c = fuse.sub %i3, %i6 : tensor<i64>, tensor<i64> -> tensor<i64>
  %d = fuse.max %nan, %two : tensor<f32>, tensor<f32> -> tensor<f32>
  return %b, %c, %d : tensor<f32>, tensor<i64>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @where_folds
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xi1>)
// CHECK: return %[[A]], %[[B]], %[[A]]
func.func @where_folds(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = fuse.constant dense<true> : tensor<i1>
  %f = fuse.constant dense<false> : tensor<i1>
  %0 = fuse.where %t, %a, %b : tensor<i1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = fuse.where %f, %a, %b : tensor<i1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = fuse.where %c, %a, %a : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @trivial_casts
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @trivial_casts(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = fuse.cast %x : tensor<4xf32> to tensor<4xf32>
  %1 = fuse.broadcast_to %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
