// RUN: fuse-opt %s -split-input-file -fuse-form-kernels | FileCheck %s
// RUN: fuse-opt %s -split-input-file -fuse-form-kernels='fuse-index-reductions=false' | FileCheck %s --check-prefix=UNFUSED
// The byte ledger decides recomputation; each decision is a remark.
// RUN: fuse-opt %s -split-input-file -fuse-form-kernels='emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Without the ledger the fallback rule decides, and differs on @center2.
// RUN: fuse-opt %s -split-input-file -fuse-form-kernels='use-ledger=false' | FileCheck %s --check-prefix=RULE

// The naive assignment: everything, argmin included, is one kernel whose
// only output is the labels.
// CHECK-LABEL: func.func @naive
// CHECK: %[[K:.*]] = fuse.kernel @naive_k0 ins(%{{.*}}, %{{.*}} : tensor<?x512xf32>, tensor<256x512xf32>) -> tensor<?xi64>
// CHECK: fuse.sub
// CHECK: fuse.argmin
// CHECK: fuse.yield %{{.*}} : tensor<?xi64>
// CHECK-NOT: fuse.kernel
// CHECK: return %[[K]]
// The unfused-argmin plan (torch.compile's): a distance kernel that writes
// the (n, k) matrix, then an argmin kernel that reads it.
// UNFUSED-LABEL: func.func @naive
// UNFUSED: %[[D:.*]] = fuse.kernel @naive_k{{[0-9]}} ins({{.*}}) -> tensor<?x256xf32>
// UNFUSED: %[[L:.*]] = fuse.kernel @naive_k{{[0-9]}} ins(%[[D]] : tensor<?x256xf32>) -> tensor<?xi64>
// UNFUSED: fuse.argmin
// UNFUSED: return %[[L]]
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

// The elementwise chain is one kernel; its constants are cloned into it.
// CHECK-LABEL: func.func @chain
// CHECK-NOT: fuse.constant
// CHECK: fuse.kernel @chain_k0 ins(%{{.*}} : tensor<?xf16>) -> tensor<?xf16>
// CHECK-DAG: fuse.constant dense<2.000000e+00>
// CHECK-DAG: fuse.constant dense<1.000000e+00>
// CHECK-DAG: fuse.constant dense<5.000000e-01>
// CHECK-DAG: fuse.relu
// CHECK: fuse.yield
// CHECK-NOT: fuse.kernel
func.func @chain(%x: tensor<?xf16>) -> tensor<?xf16> {
  %two = fuse.constant dense<2.0> : tensor<f16>
  %one = fuse.constant dense<1.0> : tensor<f16>
  %half = fuse.constant dense<0.5> : tensor<f16>
  %a = fuse.mul %x, %two : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  %b = fuse.add %a, %one : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  %r = fuse.relu %b : tensor<?xf16>
  %y = fuse.mul %r, %half : tensor<?xf16>, tensor<f16> -> tensor<?xf16>
  return %y : tensor<?xf16>
}

// -----

// Sibling fusion: the two updates of a running step share `better` and the
// distance, and merge into one kernel with two outputs.
// CHECK-LABEL: func.func @step
// CHECK: %[[K:.*]]:2 = fuse.kernel @step_k0 {{.*}} -> tensor<?xf32>, tensor<?xi64>
// CHECK-NOT: fuse.kernel
// CHECK: return %[[K]]#0, %[[K]]#1
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

// A value that leaves the function at another shape stays a kernel output
// of its own: the distance matrix is returned, so it is written once and
// the argmin reads it.
// CHECK-LABEL: func.func @both
// CHECK: %[[D:.*]] = fuse.kernel @both_k{{[0-9]}} {{.*}} -> tensor<4x3xf32>
// CHECK: %[[L:.*]] = fuse.kernel @both_k{{[0-9]}} ins(%[[D]] : tensor<4x3xf32>) -> tensor<4xi64>
// CHECK: return %[[D]], %[[L]]
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

// A reduction that its consumer broadcasts (the row sums, used at every
// column) would be recomputed for each of the 64 columns by the GPU's
// one-element-per-thread schedule: 32x the eager FLOPs at 64 columns. The
// ledger keeps it a kernel of its own; only its small result is written.
// REMARK: [[@LINE+7]]:8: remark: fuse-form-kernels: kept as a kernel of its own: recomputing moves 2097152 bytes against 3178496 (1 against 2 launches) and executes 32.50x the eager FLOPs (limit 2.00) at n=4096
// CHECK-LABEL: func.func @centered
// CHECK: %[[S:.*]] = fuse.kernel @centered_k{{[0-9]}} ins(%{{.*}} : tensor<?x64xf32>) -> tensor<?x1xf32>
// CHECK: fuse.sum
// CHECK: fuse.kernel @centered_k{{[0-9]}} ins(%{{.*}}, %[[S]] : tensor<?x64xf32>, tensor<?x1xf32>) -> tensor<?x64xf32>
// CHECK-NOT: fuse.sum
func.func @centered(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %s = fuse.sum %x, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %s : tensor<?x64xf32>, tensor<?x1xf32> -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}

// -----

// The same broadcast reduction fuses into a running-min kernel (the Gram
// form's centroid norms), where the tiled schedule computes it once per
// row tile: 1/64 more FLOPs, one launch and the norms' bytes saved.
// REMARK: [[@LINE+10]]:9: remark: fuse-form-kernels: recomputed in its consumer's kernel
// REMARK-SAME: (1 against 2 launches)
// CHECK-LABEL: func.func @gram
// CHECK: fuse.kernel @gram_k0
// CHECK-NOT: fuse.kernel
// RULE-LABEL: func.func @gram
// RULE: fuse.kernel @gram_k0
// RULE-NOT: fuse.kernel
func.func @gram(%x: tensor<?x16xf32>, %c: tensor<8x16xf32>) -> tensor<?xi64> {
  %csq = fuse.square %c : tensor<8x16xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<8x16xf32> -> tensor<8xf32>
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x16xf32> -> tensor<?x1x16xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<8x16xf32> -> tensor<1x8x16xf32>
  %p = fuse.mul %xe, %ce : tensor<?x1x16xf32>, tensor<1x8x16xf32> -> tensor<?x8x16xf32>
  %xc = fuse.sum %p, dim = 2 : tensor<?x8x16xf32> -> tensor<?x8xf32>
  %d = fuse.sub %cc, %xc : tensor<8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x8xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// Over rows of two, recomputing the row maximum for each element costs
// 1.5x the eager FLOPs and saves a launch and the maximum's round trip
// through memory: the ledger fuses what the fallback rule would not.
// REMARK: [[@LINE+8]]:8: remark: fuse-form-kernels: recomputed in its consumer's kernel: recomputing moves 65536 bytes against 131072 (1 against 2 launches) and executes 1.50x the eager FLOPs (limit 2.00) at n=4096
// CHECK-LABEL: func.func @center2
// CHECK: fuse.kernel @center2_k0 ins(%{{.*}} : tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK-NOT: fuse.kernel
// RULE-LABEL: func.func @center2
// RULE: fuse.kernel @center2_k{{[0-9]}} ins(%{{.*}} : tensor<?x2xf32>) -> tensor<?x1xf32>
// RULE: fuse.kernel @center2_k{{[0-9]}} ins(%{{.*}}, %{{.*}} : tensor<?x2xf32>, tensor<?x1xf32>) -> tensor<?x2xf32>
func.func @center2(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %m = fuse.reduce_max %x, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %y = fuse.sub %x, %m : tensor<?x2xf32>, tensor<?x1xf32> -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// A tensor.dim that sizes a broadcast is cloned into the kernel with its
// index constant (the kernel is isolated from above).
// CHECK-LABEL: func.func @bcast_dim
// CHECK: fuse.kernel @bcast_dim_k0 ins(%{{.*}} : tensor<?xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: tensor.dim %{{.*}}, %[[C0]]
// CHECK: fuse.broadcast_to
func.func @bcast_dim(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %b = fuse.constant dense<1.5> : tensor<4xf32>
  %bb = fuse.broadcast_to %b sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %bb : tensor<?x4xf32>
}
