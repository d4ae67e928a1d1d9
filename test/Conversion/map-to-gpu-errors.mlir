// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu -verify-diagnostics
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='precision=fp8' 2>&1 | FileCheck %s --check-prefix=PRECISION
// PRECISION: error: fuse-map-to-gpu: unknown precision 'fp8'; expected ieee, tf32, 3xtf32, 3xtf32-recheck or 3xtf32-certified
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='stages=1' 2>&1 | FileCheck %s --check-prefix=STAGES
// STAGES: error: fuse-map-to-gpu: stages must be 0 (chosen) or between 2 and 8, not 1
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='cluster=3' 2>&1 | FileCheck %s --check-prefix=CLUSTER
// CLUSTER: error: fuse-map-to-gpu: cluster must be -1 (chosen), 0, 1, 2 or 4, not 3
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='persistent=2' 2>&1 | FileCheck %s --check-prefix=PERSISTENT
// PERSISTENT: error: fuse-map-to-gpu: persistent must be -1 (chosen), 0 or 1, not 2
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='cluster-split=2' 2>&1 | FileCheck %s --check-prefix=CLUSTERSPLIT
// CLUSTERSPLIT: error: fuse-map-to-gpu: cluster-split must be -1 (chosen), 0 or 1, not 2
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='tile-k=-8' 2>&1 | FileCheck %s --check-prefix=NEGK
// NEGK: error: fuse-map-to-gpu: tile-k must be 0 (chosen) or positive, not -8
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='min-blocks=-3' 2>&1 | FileCheck %s --check-prefix=NEGBLOCKS
// NEGBLOCKS: error: fuse-map-to-gpu: min-blocks must be 0 (chosen) or between 1 and 32, not -3
// RUN: not fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='min-blocks=100' 2>&1 | FileCheck %s --check-prefix=MANYBLOCKS
// MANYBLOCKS: error: fuse-map-to-gpu: min-blocks must be 0 (chosen) or between 1 and 32, not 100
// Slices that fit, but with the norms ((1024 + 256) x 4 bytes) and the
// running state (4 x 1024 x 8 bytes) beside the 2 x 1280 x 80 bytes of
// slices the block would need more shared memory than sm_90 gives one.
// RUN: not fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='tile-m=1024 tile-n=256 tile-k=32 stages=2' 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: gemm_argmin_f16.mlir:21:13: error: 'fuse.kernel' op invalid tile configuration: 1024x256x32 with 2 stages needs 242688 bytes of dynamic shared memory (slices, norms and running state), at most 232448 per block
// 3xTF32's split producer on 256-row tiles: a fourth consumer warpgroup
// would leave each consumer thread too few registers to split its rows.
// RUN: not fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=131072 tile-m=256 tile-n=128' 2>&1 | FileCheck %s --check-prefix=SPLIT256
// SPLIT256: gemm_argmin.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'fuse.kernel' op invalid tile configuration: 256x128x32 (3xtf32's split producer takes at most 192 rows a tile: its consumer warpgroups split the rows in registers)
// Launch bounds that leave a wgmma fewer registers than its accumulators
// need: 8 blocks of 384 threads (the producer warpgroup included) get 21
// registers a thread, and the 128x256 tile's 128 accumulators need more.
// ptxas would reject the kernel only when the module loads.
// RUN: not fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 min-blocks=8' 2>&1 | FileCheck %s --check-prefix=MINBLOCKS
// MINBLOCKS: gemm_argmin_f16.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'fuse.kernel' op --min-blocks=8 leaves 21 registers a thread to blocks of 384 threads; the 128x256 wgmma tile needs 160 (its accumulators and addresses)
// 3xtf32-recheck decides labels again in IEEE fp32: a Gram kernel that
// returns only the minimum distance has none to decide.
// --precision=3xtf32-certified: on a Gram form other than (sum(x^2) +
// sum(c^2)) - 2 sum(x c) (here 3 x . c, whose value the bound does not
// describe), without sm_90a's wgmma, and with the candidates split over
// blocks that meet only in the labels' atomics.
// RUN: sed 's/dense<2.0>/dense<3.0>/' %examples/gemm_argmin.mlir | not fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified' 2>&1 | FileCheck %s --check-prefix=CERTGRAM
// CERTGRAM: <stdin>:20:13: error: 'fuse.kernel' op --precision=3xtf32-certified gives the IEEE labels of a distance through 3xTF32 tensor cores and an error bound, but its candidate is neither a direct form sum((x - c)^2) nor exactly the Gram form (sum(x^2) + sum(c^2)) - 2 sum(x c) of f32 inputs; use --precision=3xtf32 or ieee
// A Gram form past 1024 features sums its norms natively, beside their
// running values in the compensations' slots, which compensated-sums=0
// removes.
// RUN: sed 's/512/4096/g' %examples/gemm_argmin.mlir | not fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified compensated-sums=0' 2>&1 | FileCheck %s --check-prefix=CERTGRAMD
// CERTGRAMD: <stdin>:20:13: error: 'fuse.kernel' op --precision=3xtf32-certified gives the IEEE labels of a distance through 3xTF32 tensor cores and an error bound, but past 1024 features a Gram form's norms are summed as the Gram form sums them, beside their running values in the slots of the compensations, which --compensated-sums=false removes; use --precision=3xtf32 or ieee
// Past 8192 features XC's own rounding would leave about a quarter of the
// rows to the replay over every candidate (feature-heavy's d = 16384).
// RUN: sed 's/512/16384/g' %examples/gemm_argmin.mlir | not fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified' 2>&1 | FileCheck %s --check-prefix=CERTGRAMW
// CERTGRAMW: <stdin>:20:13: error: 'fuse.kernel' op --precision=3xtf32-certified gives the IEEE labels of a distance through 3xTF32 tensor cores and an error bound, but a Gram form's own rounding of x . c (d u |x| |c| / 2 on uniform data) would leave about a quarter of the rows to a replay over every candidate beyond 8192 features, and this one has 16384; use --precision=3xtf32 or ieee
// --precision=auto's trial (certify-where-faster): a Gram form of 200
// features over 1000 candidates, whose FMA kernel the ledger predicts
// faster than the certified one (5 rounds of row tiles, each with its
// open rows' replay of 7 steps at 0.37 us).
// RUN: sed 's/512/200/g; s/256/1000/g' %examples/gemm_argmin.mlir | not fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified certify-where-faster=true expected-rows=40000' 2>&1 | FileCheck %s --check-prefix=AUTOFMA
// AUTOFMA: <stdin>:20:13: error: 'fuse.kernel' op --precision=auto keeps the FMA kernel: the byte ledger predicts 363.2 us for it against 472.4 us for 3xtf32-certified at 40000 rows
// RUN: not fuse-opt %examples/naive_argmin.mlir -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='precision=3xtf32-certified' 2>&1 | FileCheck %s --check-prefix=CERTARCH
// CERTARCH: naive_argmin.mlir:12:13: error: 'fuse.kernel' op --precision=3xtf32-certified gives the IEEE labels of a distance through 3xTF32 tensor cores and an error bound, but it needs sm_90a's warpgroup MMAs (--arch=sm_90a) and rows of a static multiple of 4 features; use --precision=3xtf32 or ieee
// RUN: not fuse-opt %examples/naive_argmin.mlir -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified cluster-split=0' 2>&1 | FileCheck %s --check-prefix=CERTSPLIT
// CERTSPLIT: naive_argmin.mlir:12:13: error: 'fuse.kernel' op --precision=3xtf32-certified decides each row where all its candidates meet, but the schedule splits them 4 ways across blocks outside a cluster; use --split=1 or --cluster-split=1
// RUN: sed 's/fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>/fuse.reduce_min %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xf32>/; s/xi64>/xf32>/g' %examples/gemm_argmin.mlir | not fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-recheck' 2>&1 | FileCheck %s --check-prefix=RECHECKVALUES
// RECHECKVALUES: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: 'fuse.kernel' op --precision=3xtf32-recheck decides each row's label again in IEEE fp32, which needs the labels (argmin/argmax) of a running minimum without an initial value; this kernel returns no labels: use --precision=3xtf32 or ieee
// fuse-map-to-gpu fails with a diagnostic, never a crash, on programs it
// cannot describe to the runtime (several found by fusec-fuzz).

// A function that returns sizes rather than tensors (found by fusec-fuzz:
// the result's shape was read as a tensor's).
func.func @dims(%x: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  // expected-error @+1 {{'func.return' op result 0 is not a ranked tensor}}
  return %0, %1 : index, index
}

// -----

// A size from a tensor.dim whose index is out of range (valid IR, undefined
// only when it runs) is not followed: the passes read the shape of
// dimension 127 of a rank-1 tensor (found by fusec-fuzz: ASan
// stack-use-after-scope in fuse-form-kernels).
func.func @dim_out_of_range(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %c127 = arith.constant 127 : index
  %n = tensor.dim %x, %c127 : tensor<?xf32>
  %b = fuse.constant dense<1.5> : tensor<4xf32>
  // expected-error @+1 {{cannot relate dynamic dimension 0 to the function's arguments}}
  %bb = fuse.broadcast_to %b sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %bb : tensor<?x4xf32>
}
