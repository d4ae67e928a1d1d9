// The byte ledger pins the seeds' byte counts. Each program is counted
// twice: the eager plan on the program as written (first invocation), the
// fused plan after the fusion pipeline (second invocation).
//
// Probe shape (seeds/000): n = 4096 samples, k = 256 centroids, d = 512
// features, f32. Sizes: x = n*d*4 = 8388608, c = k*d*4 = 524288,
// (n,k,d) = 2147483648 (2 GiB), (n,k) = 4194304 (4 MiB), labels = n*8 = 32768.

// RUN: fuse-opt %examples/naive_argmin.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=4096 \
// RUN:   | FileCheck %s --check-prefix=NAIVE
//
// Eager naive: sub writes diff (2 GiB); square writes sq (2 GiB) while diff
// is still alive (square is its last use); sum writes 4 MiB after diff is
// freed (2 GiB + 4 MiB); argmin 4 MiB + 32 KiB. The peak is the two
// broadcast buffers: 2 * 2147483648 = 4294967296 (4096 MiB).
// Traffic: sub reads x + c = 8912896, square and sum read 2 GiB each,
// argmin reads 4 MiB: 4308074496 read; 2 GiB + 2 GiB + 4 MiB + 32 KiB =
// 4299194368 written.
// Fused naive: one kernel reads x and c once (8912896) and writes the labels
// (32768), the only allocation: peak 32768 (32 KiB).
// Its FLOPs (f32): sub n*k*d + FMA 2*n*k*d = 1610612736, plus the running
// minimum's compare, select and two NaN tests per (i, j): 4*n*k = 4194304;
// total 1614807040, the same as the eager plan's (nothing is recomputed).
// NAIVE-LABEL: func.func @naive_argmin
// NAIVE-SAME: fuse.ledger.decision = {bytes_ratio = {{.*}}, fuse = true
// NAIVE-SAME: fuse.ledger.eager = {bytes_read = 4308074496 : i64, bytes_written = 4299194368 : i64, device = "h200"
// NAIVE-SAME: name = "fuse.sub", regime = "memory", writes = "4096x256x512xf32"}
// NAIVE-SAME: name = "fuse.square", regime = "memory", writes = "4096x256x512xf32"}
// NAIVE-SAME: name = "fuse.sum", regime = "memory", writes = "4096x256xf32"}
// NAIVE-SAME: name = "fuse.argmin", regime = "launch", writes = "4096xi64"}]
// NAIVE-SAME: launches = 4 : i64, peak_bytes = 4294967296 : i64, plan = "eager", regime = "memory", sizes = "n=4096"}
// NAIVE-SAME: fuse.ledger.fused = {bytes_read = 8912896 : i64, bytes_written = 32768 : i64
// NAIVE-SAME: launches = 1 : i64, peak_bytes = 32768 : i64, plan = "fused"
// NAIVE: fuse.kernel @naive_argmin_k0
// NAIVE-SAME: attributes {fuse.ledger = {bytes_read = 8912896 : i64, bytes_written = 32768 : i64, floor_ns = {{[0-9]+}} : i64, flops_f32 = 1614807040 : i64, flops_i1 = 2097152 : i64, flops_i64 = 1048576 : i64, launches = 1 : i64, regime = "compute"}}

// RUN: fuse-opt %examples/naive_argmin.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline=fuse-index-reductions=false \
// RUN:   -fuse-byte-ledger=sizes=n=4096 | FileCheck %s --check-prefix=UNFUSED
//
// torch.compile's plan: a distance kernel writes the (n,k) matrix, 4194304
// bytes, and the argmin kernel writes the labels while the matrix is still
// alive: 4194304 + 32768 = 4227072, the seed's exact figure.
// UNFUSED-LABEL: func.func @naive_argmin
// UNFUSED-SAME: fuse.ledger.fused = {bytes_read = 13107200 : i64, bytes_written = 4227072 : i64
// UNFUSED-SAME: launches = 2 : i64, peak_bytes = 4227072 : i64, plan = "fused"
// UNFUSED: fuse.kernel @naive_argmin_k1
// UNFUSED-SAME: fuse.ledger = {bytes_read = 8912896 : i64, bytes_written = 4194304 : i64
// UNFUSED: fuse.kernel @naive_argmin_k0
// UNFUSED-SAME: fuse.ledger = {bytes_read = 4194304 : i64, bytes_written = 32768 : i64

// RUN: fuse-opt %examples/running_step.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=4096 \
// RUN:   | FileCheck %s --check-prefix=STEP
//
// `n` binds the three dynamic sizes (x's rows, best_d, best_i): they meet in
// the broadcasts of cmp and where, so they are one size.
// Eager running step: sub writes an (n,d) difference, 8388608 bytes; square
// writes another while it is alive: 16777216 (16 MiB).
// Fused: one kernel writes only the new state, best_d (n*4) and best_i
// (n*8): n*12 = 49152.
// STEP-LABEL: func.func @running_step
// STEP-SAME: fuse.ledger.eager = {{{.*}}launches = 6 : i64, peak_bytes = 16777216 : i64, plan = "eager"
// STEP-SAME: fuse.ledger.fused = {{{.*}}bytes_written = 49152 : i64
// STEP-SAME: launches = 1 : i64, peak_bytes = 49152 : i64, plan = "fused"

// RUN: fuse-opt %examples/one_centroid_distance.mlir \
// RUN:   -fuse-byte-ledger=sizes=n=4096 -fuse-fusion-pipeline \
// RUN:   -fuse-byte-ledger=sizes=n=4096 | FileCheck %s --check-prefix=ONE
//
// Eager: the (n,d) difference and its square, 16777216. Fused: the (n,)
// distances only, n*4 = 16384.
// ONE-LABEL: func.func @one_centroid_distance
// ONE-SAME: fuse.ledger.eager = {{{.*}}peak_bytes = 16777216 : i64, plan = "eager"
// ONE-SAME: fuse.ledger.fused = {bytes_read = 8390656 : i64, bytes_written = 16384 : i64
// ONE-SAME: peak_bytes = 16384 : i64, plan = "fused"

// RUN: fuse-opt %examples/running_loop_k8.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=4096 \
// RUN:   | FileCheck %s --check-prefix=LOOP8
//
// Eager: 8 x 6 launches; the peak is one step's two (n,d) buffers plus the
// previous step's state, best_d (n*4) and best_i (n*8): 16777216 + 49152 =
// 16826368 (the seed's "16.1 MiB"). Fused: the labels, 32768.
// LOOP8-LABEL: func.func @running_loop_k8
// LOOP8-SAME: fuse.ledger.eager = {{{.*}}launches = 48 : i64, peak_bytes = 16826368 : i64, plan = "eager"
// LOOP8-SAME: fuse.ledger.fused = {{{.*}}launches = 1 : i64, peak_bytes = 32768 : i64, plan = "fused"

// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=4096 \
// RUN:   | FileCheck %s --check-prefix=GEMM
//
// Eager Gram form in the example's order: norms, xc2 and dist are (n,k)
// buffers alive together at the subtraction: 3 * 4194304 = 12582912
// (12 MiB, what PyTorch eager shows on the H200 in BENCHMARKS.md).
// The matmul is one GEMM kernel of 2*n*k*d = 1073741824 FLOPs.
// Fused: the labels, 32768. The centroid norms are recomputed inside the
// running minimum: per row by the CPU loop nest (2*n*k*d more FLOPs), per
// 64-row tile by a GPU schedule (2*(n/64)*k*d).
// GEMM-LABEL: func.func @gemm_argmin
// GEMM-SAME: fuse.ledger.eager = {{{.*}}bytes_written = 4194304 : i64, floor_ns = {{[0-9]+}} : i64, flops_f32 = 1073741824 : i64, launches = 1 : i64, name = "fuse.matmul", regime = "compute", writes = "4096x256xf32"}
// GEMM-SAME: launches = 9 : i64, peak_bytes = 12582912 : i64, plan = "eager"
// GEMM-SAME: fuse.ledger.fused = {{{.*}}peak_bytes = 32768 : i64, plan = "fused"
// GEMM: fuse.kernel @gemm_argmin_k0
// GEMM-SAME: flops_f32 = 2159017984 : i64
// GEMM-SAME: tiled_flops_f32 = 1102053376 : i64

// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger=sizes=n=4096 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=4096 \
// RUN:   | FileCheck %s --check-prefix=CHAIN-SMALL
// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger=sizes=n=134217728 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=134217728 \
// RUN:   | FileCheck %s --check-prefix=CHAIN-LARGE
//
// Chain (seeds/003) relu(x*2+1)*0.5 on f16, |x| = 2n bytes. Eager: mul, add,
// relu, mul each read and write |x|: 4|x| read + 4|x| written = 8|x|. Fused:
// read x, write y: 2|x|. Ratio 4. The scalars are immediates: 0 bytes.
// At n = 4096 (|x| = 8192) each kernel moves 16 KiB, 3.8 ns at 4.28 TB/s,
// against a 4 us launch: launch-bound, and the floors keep the ratio 4
// only because both are 4 vs 1 launches.
// CHAIN-SMALL-LABEL: func.func @chain
// CHAIN-SMALL-SAME: fuse.ledger.decision = {bytes_ratio = 4.000000e+00 : f64
// CHAIN-SMALL-SAME: fuse.ledger.eager = {bytes_read = 32768 : i64, bytes_written = 32768 : i64, device = "h200", floor_ns = 16015 : i64
// CHAIN-SMALL-SAME: launches = 4 : i64, peak_bytes = 16384 : i64, plan = "eager", regime = "launch"
// CHAIN-SMALL-SAME: fuse.ledger.fused = {bytes_read = 8192 : i64, bytes_written = 8192 : i64, device = "h200", floor_ns = 4004 : i64
// CHAIN-SMALL-SAME: launches = 1 : i64, peak_bytes = 8192 : i64, plan = "fused", regime = "launch"
// At n = 134217728 (|x| = 268435456, 256 MiB): eager 8|x| = 2147483648 bytes,
// fused 2|x| = 536870912 bytes, 125.4 us at 4.28 TB/s: memory-bound.
// CHAIN-LARGE-LABEL: func.func @chain
// CHAIN-LARGE-SAME: fuse.ledger.decision = {bytes_ratio = 4.000000e+00 : f64
// CHAIN-LARGE-SAME: fuse.ledger.eager = {bytes_read = 1073741824 : i64, bytes_written = 1073741824 : i64
// CHAIN-LARGE-SAME: plan = "eager", regime = "memory"
// CHAIN-LARGE-SAME: fuse.ledger.fused = {bytes_read = 268435456 : i64, bytes_written = 268435456 : i64
// CHAIN-LARGE-SAME: plan = "fused", regime = "memory"

// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger="device=%S/Inputs/ledger-card-2tbs.json measurements=%S/Inputs/ledger-seed003-partb.json sizes=n=134217728" \
// RUN:   -fuse-fusion-pipeline \
// RUN:   -fuse-byte-ledger="device=%S/Inputs/ledger-card-2tbs.json measurements=%S/Inputs/ledger-seed003-partb.json sizes=n=134217728" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARTB
//
// Seed 003 Part B on "a 2.0 TB/s card" (Inputs/ledger-card-2tbs.json, 3 us
// per launch). Eager rows are checked before fusion, fused rows after.
// 4096 elements: 64 KiB eager, 16 KiB fused, nanoseconds of traffic
// against 4 x 3 us and 3 us of launches: launch-bound.
// PARTB: remark: measurement 1 (chain, eager, n=4096): launch-bound; measured 14.0 µs, floor 12.0 µs
// 1e6 elements: 16e6 bytes eager (8.0 us + 12 us launches).
// PARTB: remark: measurement 3 (chain, eager, n=1000000): launch-bound; measured 95.0 µs, floor 20.0 µs
// 1.34e8 elements: eager 8|x| = 2147483648 bytes take 1.07 ms at 2 TB/s;
// 210 us is faster than that.
// PARTB: warning: measurement 5 (chain, eager, n=134217728): memory-bound; faster than its own floor: measured 210.0 µs < floor 1.09 ms; its traffic alone, 2147483648 bytes at 2 TB/s, takes 1.07 ms
// PARTB: remark: measurement 2 (chain, fused, n=4096): launch-bound; measured 12.0 µs, floor 3.0 µs
// The fused 1e6 row: 4e6 bytes (2.0 us) + 3 us = 5 us floor, measured
// 28 us: 17.9% of its roof.
// PARTB: warning: measurement 4 (chain, fused, n=1000000): launch-bound; measured 28.0 µs, floor 5.0 µs, 17.9% of its roof: below 20%, likely schedule problem
// The contradiction seed 003 asks the reader to notice: 2|x| = 536870912
// bytes / 2e12 B/s = 268.4 us > 72 us.
// PARTB: warning: measurement 6 (chain, fused, n=134217728): memory-bound; faster than its own floor: measured 72.0 µs < floor 271.4 µs; its traffic alone, 536870912 bytes at 2 TB/s, takes 268.4 µs

// RUN: fuse-opt %examples/running_step.mlir \
// RUN:   -fuse-byte-ledger=sizes=arg0.dim0=4096,arg3.dim0=4096,arg4.dim0=4096 \
// RUN:   | FileCheck %s --check-prefix=EXPLICIT
//
// Dimensions bound one by one count the same as `n`.
// EXPLICIT: fuse.ledger.eager = {{{.*}}peak_bytes = 16777216 : i64, plan = "eager", regime = "launch", sizes = "arg0.dim0=4096,arg3.dim0=4096,arg4.dim0=4096"}

// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger=sizes=n=8 \
// RUN:   -fuse-fusion-pipeline -fuse-byte-ledger=sizes=n=16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RESIZED
//
// An eager plan recorded at other sizes is not compared with the fused one.
// RESIZED: warning: fuse-byte-ledger: the eager plan was recorded at sizes 'n=8', not 'n=16'; the plans are not compared
// RESIZED-NOT: fuse.ledger.decision
// RESIZED: fuse.ledger.eager = {{{.*}}sizes = "n=8"}, fuse.ledger.fused = {{{.*}}sizes = "n=16"}

// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger=sizes=n=134217728 \
// RUN:   -fuse-fusion-pipeline \
// RUN:   -fuse-byte-ledger="sizes=n=134217728 print=text" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT
// RUN: fuse-opt %examples/chain_f16.mlir -fuse-byte-ledger=sizes=n=134217728 \
// RUN:   -fuse-fusion-pipeline \
// RUN:   -fuse-byte-ledger="sizes=n=134217728 print=json" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JSON
//
// The table that explains the chain in bytes: 4 x 2|x| against 2|x|.
// TEXT: byte ledger of @chain on h200
// TEXT: eager plan of @chain at n=134217728 on h200: 4 kernels, 4 launches, peak 536870912 bytes (512 MiB) above the inputs
// TEXT: 0 fuse.mul 268435456 268435456 134217728 129.4 µs memory 134217728xf16
// TEXT: total 1073741824 1073741824 536870912 517.7 µs memory
// TEXT: fused plan of @chain at n=134217728 on h200: 1 kernel, 1 launch, peak 268435456 bytes (256 MiB) above the inputs
// TEXT: 0 chain_k0 268435456 268435456 536870912 129.4 µs memory 134217728xf16
// TEXT: floor 129.4 µs = traffic 125.4 µs at 4.28 TB/s, compute 4.0 µs, launches 4.0 µs
// TEXT: eager/fused: bytes 4.00x (2147483648 / 536870912), floor 4.00x (517.7 µs / 129.4 µs)
// TEXT: decision: fuse: 536870912 bytes instead of 2147483648 (4.00x fewer), 1 launch instead of 4
// JSON: "decision": {
// JSON-NEXT: "bytes_ratio": 4,
// JSON: "fuse": true,
// JSON: "eager": {
// JSON-NEXT: "bytes_read": 1073741824,
// JSON: "peak_bytes": 536870912,
// JSON: "fused": {
// JSON-NEXT: "bytes_read": 268435456,
// JSON: "peak_bytes": 268435456,
// JSON-NEXT: "plan": "fused",
// JSON-NEXT: "regime": "memory",

// RUN: fuse-opt %s -split-input-file -fuse-byte-ledger -fuse-fusion-pipeline \
// RUN:   -fuse-byte-ledger | FileCheck %s --check-prefix=LARGE
//
// The large shapes of BENCHMARKS.md, written in examples/gemm_argmin.mlir's
// order with static sizes. In that order the eager live set peaks at
//   max(n*d*4 + n*4          x*x and its row sums,
//       3*n*k*4              norms, xc2 and dist at the subtraction)
// (the other moments are smaller). Fused, the labels n*8 are the only
// allocation.

// Sample-heavy, n = 131072, k = 8192, d = 8192: n*k*4 = 4 GiB, so the peak
// is 3 * 4294967296 = 12884901888 (12 GiB, PyTorch eager on the H200);
// n*d*4 + n*4 = 4295491584 is smaller. Fused: 131072 * 8 = 1048576.
// LARGE-LABEL: func.func @gemm_sample_heavy
// LARGE-SAME: fuse.ledger.eager = {{{.*}}peak_bytes = 12884901888 : i64, plan = "eager"
// LARGE-SAME: fuse.ledger.fused = {{{.*}}peak_bytes = 1048576 : i64, plan = "fused"
func.func @gemm_sample_heavy(%x: tensor<131072x8192xf32>, %c: tensor<8192x8192xf32>) -> tensor<131072xi64> {
  %xsq = fuse.mul %x, %x : tensor<131072x8192xf32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<131072x8192xf32> -> tensor<131072x1xf32>
  %csq = fuse.mul %c, %c : tensor<8192x8192xf32>, tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<8192x8192xf32> -> tensor<8192xf32>
  %ct = fuse.transpose %c : tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %xc = fuse.matmul %x, %ct : tensor<131072x8192xf32>, tensor<8192x8192xf32> -> tensor<131072x8192xf32>
  %norms = fuse.add %xx, %cc : tensor<131072x1xf32>, tensor<8192xf32> -> tensor<131072x8192xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<131072x8192xf32>, tensor<131072x8192xf32> -> tensor<131072x8192xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<131072x8192xf32> -> tensor<131072xi64>
  return %labels : tensor<131072xi64>
}

// -----

// Centroid-heavy, n = 65536, k = 16384, d = 8192: n*k*4 = 4 GiB again, peak
// 12884901888; n*d*4 = 2 GiB. Fused: 65536 * 8 = 524288.
// LARGE-LABEL: func.func @gemm_centroid_heavy
// LARGE-SAME: fuse.ledger.eager = {{{.*}}peak_bytes = 12884901888 : i64, plan = "eager"
// LARGE-SAME: fuse.ledger.fused = {{{.*}}peak_bytes = 524288 : i64, plan = "fused"
func.func @gemm_centroid_heavy(%x: tensor<65536x8192xf32>, %c: tensor<16384x8192xf32>) -> tensor<65536xi64> {
  %xsq = fuse.mul %x, %x : tensor<65536x8192xf32>, tensor<65536x8192xf32> -> tensor<65536x8192xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<65536x8192xf32> -> tensor<65536x1xf32>
  %csq = fuse.mul %c, %c : tensor<16384x8192xf32>, tensor<16384x8192xf32> -> tensor<16384x8192xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<16384x8192xf32> -> tensor<16384xf32>
  %ct = fuse.transpose %c : tensor<16384x8192xf32> -> tensor<8192x16384xf32>
  %xc = fuse.matmul %x, %ct : tensor<65536x8192xf32>, tensor<8192x16384xf32> -> tensor<65536x16384xf32>
  %norms = fuse.add %xx, %cc : tensor<65536x1xf32>, tensor<16384xf32> -> tensor<65536x16384xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<65536x16384xf32> -> tensor<65536x16384xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<65536x16384xf32>, tensor<65536x16384xf32> -> tensor<65536x16384xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<65536x16384xf32> -> tensor<65536xi64>
  return %labels : tensor<65536xi64>
}

// -----

// Feature-heavy, n = 65536, k = 4096, d = 16384: here x*x is the largest
// buffer (seeds/001: "feature-heavy eager peak equals X * X"): n*d*4 =
// 4294967296 plus the row sums n*4 = 262144 written while it is alive:
// 4295229440, above 3*n*k*4 = 3221225472. Fused: 524288.
// LARGE-LABEL: func.func @gemm_feature_heavy
// LARGE-SAME: fuse.ledger.eager = {{{.*}}peak_bytes = 4295229440 : i64, plan = "eager"
// LARGE-SAME: fuse.ledger.fused = {{{.*}}peak_bytes = 524288 : i64, plan = "fused"
func.func @gemm_feature_heavy(%x: tensor<65536x16384xf32>, %c: tensor<4096x16384xf32>) -> tensor<65536xi64> {
  %xsq = fuse.mul %x, %x : tensor<65536x16384xf32>, tensor<65536x16384xf32> -> tensor<65536x16384xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<65536x16384xf32> -> tensor<65536x1xf32>
  %csq = fuse.mul %c, %c : tensor<4096x16384xf32>, tensor<4096x16384xf32> -> tensor<4096x16384xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<4096x16384xf32> -> tensor<4096xf32>
  %ct = fuse.transpose %c : tensor<4096x16384xf32> -> tensor<16384x4096xf32>
  %xc = fuse.matmul %x, %ct : tensor<65536x16384xf32>, tensor<16384x4096xf32> -> tensor<65536x4096xf32>
  %norms = fuse.add %xx, %cc : tensor<65536x1xf32>, tensor<4096xf32> -> tensor<65536x4096xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<65536x4096xf32> -> tensor<65536x4096xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<65536x4096xf32>, tensor<65536x4096xf32> -> tensor<65536x4096xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<65536x4096xf32> -> tensor<65536xi64>
  return %labels : tensor<65536xi64>
}
