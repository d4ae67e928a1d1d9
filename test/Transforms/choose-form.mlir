// RUN: fuse-opt %s -split-input-file -fuse-choose-form='allow-reassociation=true emit-remarks=true' 2>&1 | FileCheck %s
// Without permission the pass changes nothing.
// RUN: fuse-opt %s -split-input-file -fuse-choose-form | FileCheck %s --check-prefix=OFF
// At one row the plan is launch-bound either way: the direct form stays.
// RUN: fuse-opt %s -split-input-file -fuse-choose-form='allow-reassociation=true emit-remarks=true assumed-size=1' 2>&1 | FileCheck %s --check-prefix=TINY
// With the GPU schedule's 3xtf32 precision the Gram form's products are
// costed on the TF32 tensor cores: 2nkd = 1073741824 FLOPs x 3 passes at
// 385 TFLOP/s = 8.4 us, plus the f32 norms and epilogue and a launch.
// RUN: fuse-opt %s -split-input-file -fuse-choose-form='allow-reassociation=true emit-remarks=true precision=3xtf32' 2>&1 | FileCheck %s --check-prefix=TC
// TC: remark: fuse-choose-form: Gram form: predicted fused floor 13.2 us in the Gram form (products on tensor cores, 3xtf32) against 35.9 us direct on h200 at n=4096
// --precision=3xtf32-certified rewrites without allow-reassociation (its
// labels are the direct form's) and marks the cross sum for the schedule;
// without it nothing else carries the mark. A feature count that is not a
// multiple of 4 (no 16-byte rows for wgmma) keeps the direct form.
// RUN: fuse-opt %s -split-input-file -fuse-choose-form='precision=3xtf32-certified emit-remarks=true' 2>&1 | FileCheck %s --check-prefix=CERT
// CERT: remark: fuse-choose-form: Gram form: predicted fused floor 13.2 us in the Gram form (products on tensor cores, 3xtf32-certified) against 35.9 us direct on h200 at n=4096
// CERT: remark: fuse-choose-form: direct form: --precision=3xtf32-certified needs a static multiple of 4 features, not 510; the direct form's kernel gives the same labels
// The schedule certifies an f32 argmin's labels alone: a distance that
// also gives the row minima, or an f64 one, would run the Gram form
// uncertified, so both keep the direct form.
// CERT: remark: fuse-choose-form: direct form: --precision=3xtf32-certified certifies an f32 distance whose only use is an argmin
// CERT: remark: fuse-choose-form: direct form: --precision=3xtf32-certified certifies an f32 distance whose only use is an argmin
// CERT-LABEL: func.func @naive
// CERT-NOT: fuse.sub %{{.*}}, %{{.*}} : tensor<?x1x512xf32>, tensor<1x256x512xf32>
// CERT: fuse.sum %{{.*}}, dim = 2 : tensor<?x1x512xf32> -> tensor<?x1xf32>
// CERT-NOT: certified_direct
// CERT: fuse.sum %{{.*}}, dim = 2 : tensor<1x256x512xf32> -> tensor<1x256xf32>
// CERT-NOT: certified_direct
// CERT: fuse.sum %{{.*}}, dim = 2 {fuse.certified_direct} : tensor<?x256x512xf32> -> tensor<?x256xf32>
// CERT-LABEL: func.func @naive_d510
// CERT: fuse.sub
// CERT-NEXT: fuse.square
// CERT-NOT: certified_direct
// CERT-LABEL: func.func @naive_with_minima
// CERT: fuse.sub
// CERT-NEXT: fuse.square
// CERT-NOT: certified_direct
// CERT-LABEL: func.func @naive_f64
// CERT: fuse.sub
// CERT-NEXT: fuse.square
// CERT-NOT: certified_direct
// RUN: fuse-opt %s -split-input-file -fuse-choose-form='allow-reassociation=true' | FileCheck %s --check-prefix=UNMARKED
// UNMARKED-NOT: certified_direct

// The probe (n=4096, k=256, d=512): the ledger's fused floors are 35.9 us
// for the direct form (3 FLOPs per term at 51 TFLOP/s, plus a launch) and
// 25.9 us for the Gram form (2 FLOPs per term), so the Gram form is
// chosen: the norms of each operand, the cross term, xx + cc - 2 xc.
// CHECK: [[@LINE+25]]:11: remark: fuse-choose-form: Gram form: predicted fused floor 25.9 us in the Gram form against 35.9 us direct on h200 at n=4096
// CHECK-LABEL: func.func @naive
// CHECK: %[[XE:.*]] = fuse.expand_dims %arg0
// CHECK: %[[CE:.*]] = fuse.expand_dims %arg1
// CHECK-NOT: fuse.sub %[[XE]], %[[CE]]
// CHECK: %[[XSQ:.*]] = fuse.square %[[XE]]
// CHECK: %[[XX:.*]] = fuse.sum %[[XSQ]], dim = 2 : tensor<?x1x512xf32> -> tensor<?x1xf32>
// CHECK: %[[CSQ:.*]] = fuse.square %[[CE]]
// CHECK: %[[CC:.*]] = fuse.sum %[[CSQ]], dim = 2 : tensor<1x256x512xf32> -> tensor<1x256xf32>
// CHECK: %[[P:.*]] = fuse.mul %[[XE]], %[[CE]]
// CHECK: %[[XC:.*]] = fuse.sum %[[P]], dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
// CHECK: %[[TWO:.*]] = fuse.constant dense<2.000000e+00> : tensor<f32>
// CHECK: %[[N:.*]] = fuse.add %[[XX]], %[[CC]]
// CHECK: %[[T:.*]] = fuse.mul %[[TWO]], %[[XC]]
// CHECK: %[[D:.*]] = fuse.sub %[[N]], %[[T]]
// CHECK: fuse.argmin %[[D]]
// OFF-LABEL: func.func @naive
// OFF: fuse.sub
// OFF-NEXT: fuse.square
// TINY: remark: fuse-choose-form: direct form: predicted fused floor 4.1 us in the Gram form against 4.1 us direct on h200 at n=1
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

// An operand broadcast along the reduced dimension (a per-row scalar) has
// no norm of its own to split off: not a candidate.
// CHECK-LABEL: func.func @broadcast_operand
// CHECK-NOT: remark
// CHECK: fuse.sub
// CHECK-NEXT: fuse.square
func.func @broadcast_operand(%x: tensor<?x64xf32>, %s: tensor<?x1xf32>) -> tensor<?xf32> {
  %diff = fuse.sub %x, %s : tensor<?x64xf32>, tensor<?x1xf32> -> tensor<?x64xf32>
  %sq = fuse.square %diff : tensor<?x64xf32>
  %r = fuse.sum %sq, dim = 1 : tensor<?x64xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @naive_d510(%x: tensor<?x510xf32>, %c: tensor<256x510xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x510xf32> -> tensor<?x1x510xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x510xf32> -> tensor<1x256x510xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x510xf32>, tensor<1x256x510xf32> -> tensor<?x256x510xf32>
  %sq = fuse.square %diff : tensor<?x256x510xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x256x510xf32> -> tensor<?x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

// -----

func.func @naive_with_minima(%x: tensor<?x512xf32>, %c: tensor<256x512xf32>) -> (tensor<?xi64>, tensor<?xf32>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x512xf32> -> tensor<1x256x512xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x512xf32>, tensor<1x256x512xf32> -> tensor<?x256x512xf32>
  %sq = fuse.square %diff : tensor<?x256x512xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  %minima = fuse.reduce_min %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xf32>
  return %labels, %minima : tensor<?xi64>, tensor<?xf32>
}

// -----

func.func @naive_f64(%x: tensor<?x512xf64>, %c: tensor<256x512xf64>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf64> -> tensor<?x1x512xf64>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<256x512xf64> -> tensor<1x256x512xf64>
  %diff = fuse.sub %xe, %ce : tensor<?x1x512xf64>, tensor<1x256x512xf64> -> tensor<?x256x512xf64>
  %sq = fuse.square %diff : tensor<?x256x512xf64>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x256x512xf64> -> tensor<?x256xf64>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf64> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
