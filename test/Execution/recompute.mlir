// Kernels in which the byte ledger chose to recompute a broadcast
// reduction (fuse-form-kernels, test/Transforms/form-kernels.mlir): the
// fused CPU code against the float64 reference, NaN and infinities
// included (the maximum propagates NaN, as torch.amax does).
// RUN: fuse-run %s --func=center2 --trials=20 --seed=11 --keep-extent=2 | FileCheck %s
// RUN: fuse-run %s --func=center2 --trials=20 --seed=12 --keep-extent=2 --fill=nan | FileCheck %s
// RUN: fuse-run %s --func=softmax_rows --trials=20 --seed=13 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: fuse-run: PASS: 20 trials, 0 mismatches

// The plan that ran: one kernel for @center2.
// RUN: fuse-opt %s -fuse-fusion-pipeline | FileCheck %s --check-prefix=PLAN
// PLAN-LABEL: func.func @center2
// PLAN-COUNT-1: fuse.kernel
// PLAN-NOT: fuse.kernel
// PLAN-LABEL: func.func @softmax_rows
func.func @center2(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %m : tensor<?x2xf32>, tensor<?x1xf32> -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// A row softmax: the maximum and the sum are broadcast back over rows of
// 3; both are recomputed per element (a few FLOPs each) or kept apart, as
// the ledger decides, and the result must not change.
func.func @softmax_rows(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x3xf32> -> tensor<?x1xf32>
  %s = fuse.sub %x, %m : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x3xf32>
  %e = fuse.exp %s : tensor<?x3xf32>
  %z = fuse.sum %e, dim = 1 keepdim : tensor<?x3xf32> -> tensor<?x1xf32>
  %y = fuse.div %e, %z : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
