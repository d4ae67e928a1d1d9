// Regression test: a user-written running argmin whose state starts at
// candidate 0 itself (not at +inf). fuse-argmin-to-running-min rolled the
// step for candidate 1 into a running_min with trips 1 and offset 1 but
// cloned its distance with take index c - base + t = 0, so the loop compared
// candidate 0 with itself and every label was 0. Found by
// test/fuzz/diff_programs.py (docs/testing.md).
// RUN: fuse-run %s --keep-extent=3 --trials=6 | FileCheck %s
// CHECK-NOT: mismatch:
// CHECK: fuse-run: PASS: 6 trials, 0 mismatches
// RUN: fuse-opt %s -fuse-argmin-to-running-min | FileCheck %s --check-prefix=IR
// The step for candidate 1 is iteration 0: it takes row t + 1.
// IR: fuse.running_min min nan = ignore trips(%{{.*}}) init(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<i64>) offset(%{{.*}} : tensor<i64>)
// IR-NEXT: ^bb0(%[[T:.*]]: index):
// IR-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// IR-NEXT: %[[I:.*]] = arith.addi %[[T]], %[[ONE]] : index
// IR-NEXT: fuse.take %{{.*}}[%[[I]]], dim = 0
func.func @running_loop_take_offset(%x: tensor<?x4xf32>, %c: tensor<3x4xf32>) -> tensor<?xi64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e0 = fuse.sub %x, %c0 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s0 = fuse.square %e0 : tensor<?x4xf32>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  %e1 = fuse.sub %x, %c1 : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %s1 = fuse.square %e1 : tensor<?x4xf32>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
  %better = fuse.cmp lt, %d1, %d0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %idx = fuse.where %better, %j1, %j0 : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return %idx : tensor<?xi64>
}
