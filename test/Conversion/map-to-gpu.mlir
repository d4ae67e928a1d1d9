// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096' | FileCheck %s
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='split=1 tile-m=128 tile-n=128 tile-k=16' | FileCheck %s --check-prefix=NOSPLIT
// Tensor cores: f32 products of the Gram form on TF32 MMAs, three per tile
// and k-step with 3xtf32 (big x big plus the two cross terms), one with
// tf32; the direct form stays on the FMA units.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='precision=3xtf32' | FileCheck %s --check-prefix=TF32X3
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='precision=tf32' | FileCheck %s --check-prefix=TF32
// Hopper (sm_90a): f16, bf16 and tf32 products on warpgroup MMAs that read
// both operands from 128-byte-swizzled slices through matrix descriptors;
// 3xtf32 splits each staged element once into big, small and cross tiles;
// rows that cp.async cannot copy stay on mma.sync. cluster=0 keeps the
// cp.async copies that TMA loads replace by default.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 cluster=0' | FileCheck %s --check-prefix=WGMMA
// By default wgmma's stages are filled by TMA loads that thread 0 issues,
// tracked by mbarriers (TMA1); cluster=2 puts blocks in clusters of 2 that
// multicast the candidate slices (TMA).
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 cluster=2' | FileCheck %s --check-prefix=TMA
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072' | FileCheck %s --check-prefix=TMA1
// With 256 candidates and many rows the ledger picks 128x256 tiles (two
// warpgroups of m64n256, 128 accumulators per thread, one block per SM,
// 4 stages of 48 KiB), which the H200 ran fastest (0.57 of the f16 rate).
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 emit-remarks=true cluster=0' 2>&1 | FileCheck %s --check-prefix=WG256
// WG256: remark: fuse-map-to-gpu: ledger on h200: 128x256 tiles on tensor cores (f16.tensor, 1 MMA pass(es)), split 1
// WG256-LABEL: gpu.func @gemm_argmin_f16_k0
// WG256-SAME: 128x256 block tile, 64 features per slice, 2x64 per thread, 256 threads, tensor-core wgmma m64n256k16 from shared memory (f16, f32 accumulation), matrix descriptors, 4 cp.async stages
// WG256-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 16>
// WG256-NOT: nvvm.wgmma.mma_async
// The producer warpgroup's registers go to the consumers, within what the
// launch gives a block: 384 threads at 168 registers, one block, is
// 232 / 40 (TMA, above); 640 threads (256x128) at 96 is 112 / 24 (four
// consumer warpgroups); a 64x64 tile, two blocks of 256 threads at 128,
// is 216 / 40 (asking for more than the block holds hangs the consumers).
// A 192x256 tile keeps cp.async: with a producer, 512 threads would have
// 128 registers, fewer than one m64n256 wgmma needs.
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 tile-m=256 tile-n=128' | FileCheck %s --check-prefix=REGS256
// REGS256-LABEL: gpu.func @gemm_argmin_f16_k0
// REGS256-SAME: filled by a producer warpgroup
// REGS256-SAME: nvvm.maxntid = array<i32: 640, 1, 1>, nvvm.minctasm = 1
// REGS256: nvvm.setmaxregister increase 112
// REGS256: nvvm.setmaxregister decrease 24
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 tile-m=64 tile-n=64' | FileCheck %s --check-prefix=REGS64
// REGS64-LABEL: gpu.func @gemm_argmin_f16_k0
// REGS64-SAME: filled by a producer warpgroup
// REGS64-SAME: nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 2
// REGS64: nvvm.setmaxregister increase 216
// REGS64: nvvm.setmaxregister decrease 40
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 tile-m=192 tile-n=256 stages=3' | FileCheck %s --check-prefix=REGS192
// REGS192-LABEL: gpu.func @gemm_argmin_f16_k0
// REGS192-SAME: 3 cp.async stages
// REGS192-SAME: nvvm.maxntid = array<i32: 384, 1, 1>
// REGS192-NOT: nvvm.setmaxregister
// REGS192: gpu.return
// Persistent blocks (TMA without clusters, the default): as many blocks as
// can be resident walk the row tiles, and the norms that each candidate
// tile accumulates in a block's first row tile stay in their own slot of
// shared memory. With 65536 candidates, 30 of the 256 candidate tiles fit
// beside the 4 stages; the others share slot 30 and are accumulated again
// for every row tile. The producer walks the same row tiles.
// RUN: sed 's/256/65536/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072' | FileCheck %s --check-prefix=PERSIST
// RUN: sed 's/256/65536/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 persistent=0' | FileCheck %s --check-prefix=NOPERSIST
// PERSIST: \22grid\22: {{\[\[}}\22min\22, [\22mul\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 1], 132], 1, 1]
// PERSIST-LABEL: gpu.func @gemm_argmin_f16_k0
// PERSIST-SAME: filled by a producer warpgroup, persistent blocks that cache the candidate norms
// PERSIST: nvvm.setmaxregister increase 232
// PERSIST: %[[GRIDX:.*]] = gpu.grid_dim x
// PERSIST: scf.for %[[ROWTILE:.*]] = %[[BX:.*]] to %{{.*}} step %[[GRIDX]] {
// PERSIST: %[[FIRSTROW:.*]] = arith.cmpi eq, %[[ROWTILE]], %[[BX]] : index
// PERSIST: memref.view {{.*}} to memref<7936xf32, #gpu.address_space<workgroup>>
// PERSIST: scf.for
// PERSIST: %[[ORDINAL:.*]] = arith.divui
// PERSIST: arith.minui %[[ORDINAL]], %c30 : index
// PERSIST: %[[PAST:.*]] = arith.cmpi uge, %[[ORDINAL]], %c30{{[_0-9]*}} : index
// PERSIST-NEXT: %[[NEEDED:.*]] = arith.ori %[[FIRSTROW]], %[[PAST]] : i1
// PERSIST: arith.andi %[[NEEDED]], %{{.*}} : i1
// PERSIST: %[[PUBLISH:.*]] = arith.andi %[[NEEDED]], %{{.*}} : i1
// PERSIST-NEXT: scf.if %[[PUBLISH]] {
// PERSIST: memref.store {{.*}} : memref<7936xf32, #gpu.address_space<workgroup>>
// PERSIST: nvvm.barrier id
// PERSIST: memref.load {{.*}} : memref<7936xf32, #gpu.address_space<workgroup>>
// PERSIST: nvvm.setmaxregister decrease 40
// PERSIST: %[[PGRIDX:.*]] = gpu.grid_dim x
// PERSIST: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[PGRIDX]] {
// PERSIST: nvvm.cp.async.bulk.tensor.shared.cluster.global
// NOPERSIST: \22grid\22: {{\[\[}}\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 1, 1]
// NOPERSIST-LABEL: gpu.func @gemm_argmin_f16_k0
// NOPERSIST-NOT: persistent
// NOPERSIST-NOT: gpu.grid_dim
// NOPERSIST: memref.view {{.*}} to memref<256xf32, #gpu.address_space<workgroup>>
// NOPERSIST-NOT: gpu.grid_dim
// NOPERSIST: gpu.return
// Persistent blocks split each row tile's candidates into parts that run
// side by side, so that the L2 serves a row tile's slices to all of them
// but one: at 131072 x 8192 x 8192 (2 MiB row tiles, 32 candidate tiles)
// 4 parts of 8 tiles (a part has at least 8) read the fewest bytes.
// Block b keeps part b % 4 (132 blocks); the parts meet in an atomic
// minimum of (value, index) in the labels, which a memset clears and a
// second entry unpacks. --split asks for a part count.
// The 4096 items fill 31 rounds of 132 blocks and leave 4 (one row tile's
// parts) for a 32nd, which keeps 4 blocks busy for a whole round. They run
// as that row tile's 32 candidate tiles instead, one a block, each with
// its own norms (the ledger counts such a tile as 2): 250 tiles on the
// longest path instead of 256. Without it the remark read "32 round(s) of
// 4 candidate part(s), 97% of block slots busy, predicted 26477.0 us" and
// the loop ran to the items.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072' | FileCheck %s --check-prefix=PARTS
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TAILREMARK
// TAILREMARK: 132 persistent blocks, 31 round(s) of 4 candidate part(s), then 32 single candidate tiles, 99% of block slots busy, predicted 25859.7 us
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 split=8' | FileCheck %s --check-prefix=PARTS8
// The scan's bound on the candidate index: with a static k that the
// 256-candidate tile divides, every unit (parts of 2048 and the tail's
// single tiles) ends on a tile boundary, so no element is compared with the
// unit's end; with k = 8191 the last tile is partial and each is.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072' | FileCheck %s --check-prefix=SCANFULL
// RUN: sed 's/256/8191/g; s/512/8192/g' %examples/gemm_argmin_f16.mlir | fuse-opt -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072' | FileCheck %s --check-prefix=SCANTAIL
// SCANFULL: arith.mulf %{{.*}}, %cst : f32
// SCANFULL-NEXT: %[[D:.*]] = arith.subf
// SCANFULL-NEXT: %[[IN:.*]] = arith.constant true
// SCANFULL-NEXT: %[[LESS:.*]] = arith.cmpf olt, %[[D]]
// SCANFULL: arith.andi %[[IN]],
// SCANTAIL: arith.mulf %{{.*}}, %cst : f32
// SCANTAIL-NEXT: %[[D:.*]] = arith.subf
// SCANTAIL-NEXT: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// SCANTAIL-NEXT: %[[LESS:.*]] = arith.cmpf olt, %[[D]]
// SCANTAIL: arith.andi %[[IN]],
// PARTS: \22kind\22: \22memset\22, \22buffer\22: \22result0\22, \22byte\22: 255
// PARTS: \22grid\22: {{\[\[}}\22min\22, [\22mul\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 4], 132], 1, 1]
// PARTS: \22entry\22: \22gemm_argmin_f16_k0_merge\22
// PARTS-LABEL: gpu.func @gemm_argmin_f16_k0(
// PARTS-SAME: filled by a producer warpgroup, persistent blocks that cache the candidate norms
// PARTS-SAME: candidates split over 4 blocks
// Both warpgroups share the row norms: thread t takes half t / 128 of
// row t % 128 in every slice, and the epilogue adds the halves.
// PARTS: %[[ROWNORMS:.*]] = memref.view {{.*}} to memref<256xf32, #gpu.address_space<workgroup>>
// PARTS: %[[PART:.*]] = arith.remui %block_id_x, %c4 : index
// PARTS: %[[ITEMS:.*]] = arith.muli %{{.*}}, %c4{{[_0-9]*}} : index
// PARTS-NEXT: %[[GRIDX:.*]] = gpu.grid_dim x
// PARTS-NEXT: %[[ROUNDS:.*]] = arith.divui %[[ITEMS]], %[[GRIDX]] : index
// PARTS-NEXT: %[[FULL:.*]] = arith.muli %[[ROUNDS]], %[[GRIDX]] : index
// PARTS-NEXT: arith.subi %[[ITEMS]], %[[FULL]] : index
// PARTS: %[[TAILTILES:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// PARTS-NEXT: arith.ceildivui %[[TAILTILES]], %[[GRIDX]] : index
// PARTS: %[[TAIL:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// PARTS: %[[FULLITEMS:.*]] = arith.select %[[TAIL]], %[[FULL]], %[[ITEMS]] : index
// PARTS: %[[UNITS:.*]] = arith.addi %[[FULL]], %[[TAILTILES]] : index
// PARTS-NEXT: %[[TOTAL:.*]] = arith.select %[[TAIL]], %[[UNITS]], %[[ITEMS]] : index
// PARTS: scf.for %[[ITEM:.*]] = %block_id_x to %[[TOTAL]] step %[[GRIDX]] {
// PARTS: %[[ITEMROW:.*]] = arith.divui %[[ITEM]], %c4{{[_0-9]*}} : index
// PARTS: %[[INTAIL:.*]] = arith.cmpi uge, %[[ITEM]], %[[FULLITEMS]] : index
// PARTS-NEXT: %[[ISTAIL:.*]] = arith.andi %[[TAIL]], %[[INTAIL]] : i1
// PARTS: %[[ROWTILE:.*]] = arith.select %[[ISTAIL]], %{{.*}}, %[[ITEMROW]] : index
// PARTS: %[[LOCALROW:.*]] = arith.remui %thread_id_x, %c128{{[_0-9]*}} : index
// PARTS: memref.view {{.*}} to memref<2048xf32, #gpu.address_space<workgroup>>
// PARTS: memref.store %{{.*}}, %[[ROWNORMS]][%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
// PARTS: %[[HALF0:.*]] = memref.load %[[ROWNORMS]][%[[AT:.*]]] : memref<256xf32
// PARTS: %[[AT1:.*]] = arith.addi %[[AT]], %c128{{[_0-9]*}} : index
// PARTS-NEXT: %[[HALF1:.*]] = memref.load %[[ROWNORMS]][%[[AT1]]]
// PARTS-NEXT: arith.addf %[[HALF0]], %[[HALF1]] : f32
// PARTS: memref.atomic_rmw minu
// PARTS: gpu.func @gemm_argmin_f16_k0_merge(
// PARTS8: \22grid\22: {{\[\[}}\22min\22, [\22mul\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 8], 128], 1, 1]
// PARTS8: arith.remui %block_id_x, %c8 : index
// PARTS8: memref.view {{.*}} to memref<1024xf32, #gpu.address_space<workgroup>>
// PARTS8: memref.atomic_rmw minu
// With two stages a buffer is reused by the next slice but one, so each
// slice waits for its own MMAs (wait 0) instead of keeping them in flight.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a stages=2 expected-rows=131072' | FileCheck %s --check-prefix=WG2
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=tf32 cluster=0' | FileCheck %s --check-prefix=WGTF32
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 cluster=0' | FileCheck %s --check-prefix=WG3X
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 tile-m=64 tile-n=64' | FileCheck %s --check-prefix=WG3XP
// 3xtf32-recheck: the same 3xTF32 kernel keeps each row's best two
// candidates and the merge entry decides between them in IEEE fp32.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 precision=3xtf32-recheck' | FileCheck %s --check-prefix=RECHECK
// At the probe's 4096 rows the merge takes blocks of 32 rows, so that its
// 128 blocks reach 128 SMs (blocks of 256 would be 16), bound to one block
// a SM. Four warps share a block's rows: they stage each step of 32
// features of the 32 rows and their two candidates in dynamic shared
// memory by cp.async, in 8 groups of 4 rows x 3 operands, groups w and
// w + 4 from warp w (their rows and candidates shuffled from the lanes as
// two 32-bit halves: 12 shuffles a warp, 6 copies a thread and step),
// seven steps ahead in eight buffers: each step issues the one 7 ahead
// into the buffer the previous step freed. Warp 0 runs the two pairwise
// f32 chains over each step, reading all three operands back; warps 1-3 a
// norm each in f64, reading its operand, in four interleaved chains a
// step. The chains' results meet in shared memory (108 KiB of buffers and
// 5 x 32 floats in the launch) and warp 0 stores the labels.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-recheck' | FileCheck %s --check-prefix=RECHECKFEW
// RECHECKFEW: \22entry\22: \22gemm_argmin_k0_merge\22
// RECHECKFEW-SAME: [\22min\22, 8448, [\22cdiv\22, \22s0\22, 32]]], 1, 1],\0A      \22block\22: [128, 1, 1],\0A      \22shared_bytes\22: 111232
// RECHECKFEW-LABEL: gpu.func @gemm_argmin_k0_merge(
// The merge entry takes the main entry's parameters, the rows' tensor map
// (argument 5) among them, as the 128-byte value the launch passes.
// RECHECKFEW-SAME: attributes {fusec.tensor_map_args = array<i64: 5>, nvvm.maxntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32}
// RECHECKFEW-NEXT: %[[BASE:.*]] = gpu.dynamic_shared_memory
// RECHECKFEW: %[[SMEM:.*]] = memref.view %[[BASE]]{{.*}} to memref<8x3x32x36xf32, #gpu.address_space<workgroup>>
// RECHECKFEW: %[[FINALS:.*]] = memref.view %[[BASE]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<5x32xf32, #gpu.address_space<workgroup>>
// RECHECKFEW: scf.for
// RECHECKFEW-COUNT-12: gpu.shuffle  idx
// RECHECKFEW-NOT: gpu.shuffle
// RECHECKFEW: gpu.barrier
// RECHECKFEW-COUNT-42: nvgpu.device_async_copy {{.*}}, %[[SMEM]][
// RECHECKFEW: nvvm.cp.async.commit.group
// RECHECKFEW-NOT: nvgpu.device_async_copy
// RECHECKFEW: scf.for
// RECHECKFEW-NEXT: nvvm.cp.async.wait.group 6
// RECHECKFEW-NEXT: gpu.barrier
// RECHECKFEW-COUNT-6: nvgpu.device_async_copy {{.*}}, %[[SMEM]][
// RECHECKFEW-NOT: nvgpu.device_async_copy
// RECHECKFEW: nvvm.cp.async.commit.group
// RECHECKFEW: scf.if %{{.*}} -> (f32, f32) {
// RECHECKFEW-COUNT-24: vector.load %[[SMEM]]
// RECHECKFEW-COUNT-64: math.fma {{.*}} : f32
// RECHECKFEW: scf.if %{{.*}} -> (f64) {
// RECHECKFEW-COUNT-8: vector.load %[[SMEM]][%{{[0-9]+}}, %c0_
// RECHECKFEW-COUNT-32: math.fma {{.*}} : f64
// RECHECKFEW-COUNT-3: arith.addf {{.*}} : f64
// RECHECKFEW: scf.if %{{.*}} -> (f64) {
// RECHECKFEW-COUNT-8: vector.load %[[SMEM]][%{{[0-9]+}}, %c1_
// RECHECKFEW-COUNT-32: math.fma {{.*}} : f64
// RECHECKFEW-COUNT-3: arith.addf {{.*}} : f64
// RECHECKFEW: scf.if %{{.*}} -> (f64) {
// RECHECKFEW-COUNT-8: vector.load %[[SMEM]][%{{[0-9]+}}, %c2_
// RECHECKFEW-COUNT-32: math.fma {{.*}} : f64
// RECHECKFEW-COUNT-3: arith.addf {{.*}} : f64
// RECHECKFEW-NOT: vector.load
// RECHECKFEW-COUNT-5: memref.store %{{.*}}, %[[FINALS]]
// RECHECKFEW: gpu.barrier
// RECHECKFEW-COUNT-5: memref.load %[[FINALS]]
// RECHECKFEW: arith.select
// RECHECKFEW: arith.andi
// RECHECKFEW: scf.if
// RECHECKFEW-NEXT: memref.store
// --precision=3xtf32-certified on the probe's naive example (64x128 tiles,
// the candidates split over a cluster's two blocks):
// - each thread keeps, per row (2 rows), the 4 least lower bounds and the
//   upper bounds and candidates of the first 3: 14 f32 and 6 i32 in the
//   candidate loop;
// - every slice's MMAs start from zero: after each slice the consumers
//   wait for all their MMAs and add the accumulators to running f32 sums
//   (in the slice loop, before the epilogue);
// - the bound's coefficient of sqrt(ny nc) for d = 512 in slices of 32
//   features, (2 (12 x 24 + 15 + 24) + 10) 2^-24 (1 + 514 2^-24 1.001)
//   (1 + 2^-10) = 3.96173491e-5 rounded up to f32 (12 ulps of the slice's
//   S, 2^-23 each, for each of a slice's 3 x 32 / 8 MMAs, and one
//   rounding for each of the 15 adds of a slice to the running sums,
//   twice in v; one chain over all 512 features would make it
//   5.5333029e-4);
// - the norms' and mu . c's sums are compensated, so their terms are r u
//   (nx + nc) and 2 r u B with r = 32 + 6 + 16^2 2^-24 1.01 (a slice's
//   partial, the joins, no term per feature): the norms' coefficient
//   (r + 4) 2^-24 (1 + 514 2^-24 1.001) (1 + 2^-10) = 2.50591779e-6 and
//   mu's (2 r + 10) sqrt(512) 2^-24 (...) = 1.16105e-4, rounded up to f32
//   (with d in place of r, as before session 35: 3.0786978e-5 and
//   1.3959596e-3);
// - the fields go to the first block by 10 distributed-shared-memory stores
//   a row;
// - a row left open is refined only where the refinement's bound, 4 x
//   (16 + 512 + 10) 2^-24 1.01 = 1.29551889e-4 of the first candidate's
//   upper bound, is below its hi - lo (it would halve its E); else it goes
//   to the direct form's lists at once;
// - the rows left open are listed (four lists), refined by lanes' partial
//   sums and a butterfly of 5 shuffles (bound (16 + 512 + 10) 2^-24 1.01 =
//   3.23879722e-5), with a __syncwarp before the first lane rewrites the
//   row's candidates;
// - the direct form's chain (x - c, then fma(t, t, acc)) from both inputs
//   for the rows still open, their packed minimum by a shared-memory
//   atomic, and the labels.
// Without the precision (3xtf32 with --allow-reassociation) none of it.
// RUN: fuse-opt %examples/naive_argmin.mlir -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified' | FileCheck %s --check-prefix=CERT
// RUN: fuse-opt %examples/naive_argmin.mlir -fuse-fusion-pipeline='allow-reassociation=true precision=3xtf32' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32' | FileCheck %s --check-prefix=CERTOFF
// CERT: scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, i32, i32) {
// CERT: nvvm.wgmma.wait.group.sync.aligned 0
// CERT-NEXT: %[[SLICE:.*]] = llvm.extractvalue %{{.*}}[0]
// CERT-NEXT: arith.addf %{{.*}}, %[[SLICE]] : f32
// CERT: arith.constant 1.161050e-04 : f32
// CERT: arith.constant 3.96173491E-5 : f32
// CERT: arith.constant 2.50591779E-6 : f32
// CERT-COUNT-10: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<7>
// CERT: %[[FOURR:.*]] = arith.constant 1.29551889E-4 : f32
// CERT-NEXT: %[[RHI:.*]] = arith.mulf %[[HI:.*]], %[[FOURR]] : f32
// CERT-NEXT: %[[SPAN:.*]] = arith.subf %[[HI]], %{{.*}} : f32
// CERT-NEXT: %[[REFINES:.*]] = arith.cmpf olt, %[[RHI]], %[[SPAN]] : f32
// CERT-NEXT: scf.if %[[REFINES]] {
// CERT: memref.atomic_rmw addi %{{.*}}[%c2_{{.*}}] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
// CERT: memref.atomic_rmw addi %{{.*}}[%c3_{{.*}}] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
// CERT: } else {
// CERT: memref.atomic_rmw addi %{{.*}}[%c0_{{.*}}] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
// CERT: memref.atomic_rmw addi %{{.*}}[%c1_{{.*}}] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
// CERT: vector.load %{{.*}} : memref<256x512xf32>, vector<4xf32>
// CERT: gpu.shuffle  xor %{{.*}}, %c16_i32{{.*}} : f32
// CERT: gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}} : f32
// CERT: arith.constant 3.23879722E-5 : f32
// CERT: nvvm.bar.warp.sync
// CERT: vector.load %{{.*}} : memref<?x512xf32>, vector<4xf32>
// CERT: vector.load %{{.*}} : memref<256x512xf32>, vector<4xf32>
// CERT: %[[T:.*]] = arith.subf
// CERT-NEXT: llvm.intr.fma(%[[T]], %[[T]], %{{.*}}) : (f32, f32, f32) -> f32
// CERT: memref.atomic_rmw minu %{{.*}} : (i64, memref<64xi64, #gpu.address_space<workgroup>>) -> i64
// CERT: memref.store %{{.*}} : memref<?xi64>
// CERTOFF: nvvm.wgmma.wait.group.sync.aligned 0
// CERTOFF-NOT: arith.addf
// CERTOFF: llvm.extractvalue %{{[0-9]+}}#0[0]
// CERTOFF-NOT: memref.atomic_rmw
// CERTOFF-NOT: nvvm.bar.warp.sync
// --precision=3xtf32-certified on the Gram example, a Gram form the user
// wrote: the bound is on |v - G|, G the native IEEE value (XX + CC) - 2 XC
// of sums in feature order of rounded products. For d = 512, u = 2^-24,
// gamma = 512 u / (1 - 512 u), the norms' slack 1 + 2^-12 and the scale
// (1 + 1.001 u) (1 + 2^-10), each rounded up to f32:
// - sqrt(nx) sqrt(nc)'s coefficient 2 gamma (1 + 2^-12) scale =
//   6.11115465e-5, beside sqrt(ny nc)'s 3.96161377e-5 (as the direct
//   form's, without its own (d + 2) u in the scale);
// - the norms' (r + 4) u scale + (gamma + u (1 + gamma)) (1 + 2^-12)
//   scale = 3.31212941e-5, r = 32 + 6 + 16^2 2^-24 1.01;
// - a norm at or above 2^125 (4.25352959e37, or NaN) makes the bound
//   infinite: the native sums could overflow;
// - no refinement (no warp sync); the open rows replay G: x x and x c
//   into XX and XC, c c into CC, each a mulf then an addf (no fma), then
//   (XX + CC) - 2 XC.
// --precision=auto's trial on the probe: the ledger predicts the certified
// kernel (its MMAs, the bounds' epilogue, 8192 pairs a slot at 0.65 ns,
// and its open rows' replay, 8 steps of 64 features at 0.165 us and
// 0.0256 us a 16-byte chunk, 4.6 us, where steps of 32 features would be
// 5.9 us) faster than the FMA kernel, so it compiles.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified certify-where-faster=true emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CERTFASTER
// CERTFASTER: predicted 29.4 us (1 launch(es), 5.3 us of it the bounds' epilogue, 4.6 us the open rows' replays, 3.2 us of TMA fill) at 4096 rows; {{.*}}; --precision=auto: the FMA kernel predicted 55.4 us
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified' | FileCheck %s --check-prefix=CERTGRAM
// CERTGRAM: arith.constant 3.96161377E-5 : f32
// CERTGRAM: %[[ROOT:.*]] = arith.constant 6.11115465E-5 : f32
// CERTGRAM: %[[NX:.*]] = arith.mulf %{{.*}}, %cst_{{.*}} : f32
// CERTGRAM-NEXT: %[[RNX:.*]] = math.sqrt %[[NX]] : f32
// CERTGRAM-NEXT: llvm.intr.fma(%[[ROOT]], %[[RNX]], %{{.*}})
// CERTGRAM: arith.constant 3.31212941E-5 : f32
// CERTGRAM: %[[LIMIT:.*]] = arith.constant 4.25352959E+37 : f32
// CERTGRAM-NEXT: %[[BELOW:.*]] = arith.cmpf olt, %{{.*}}, %[[LIMIT]] : f32
// CERTGRAM-NEXT: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CERTGRAM-NEXT: arith.select %[[BELOW]], %{{.*}}, %[[INF]] : f32
// CERTGRAM-NOT: nvvm.bar.warp.sync
// The replay's three chains take each feature together: XX, XC, then the
// candidate's CC, before the next feature's extracts.
// CERTGRAM: %[[C:.*]] = vector.extract %{{.*}}[0] : f32 from vector<4xf32>
// CERTGRAM-NEXT: %[[X:.*]] = vector.extract %{{.*}}[0] : f32 from vector<4xf32>
// CERTGRAM-NEXT: %[[XX:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CERTGRAM-NEXT: arith.addf %{{.*}}, %[[XX]] : f32
// CERTGRAM-NEXT: %[[XC:.*]] = arith.mulf %[[X]], %[[C]] : f32
// CERTGRAM-NEXT: arith.addf %{{.*}}, %[[XC]] : f32
// CERTGRAM-NEXT: %[[CC:.*]] = arith.mulf %[[C]], %[[C]] : f32
// CERTGRAM-NEXT: arith.addf %{{.*}}, %[[CC]] : f32
// CERTGRAM-NEXT: vector.extract %{{.*}}[1] : f32 from vector<4xf32>
// CERTGRAM: %[[NORMS:.*]] = arith.addf %[[R:.*]]#0, %[[R]]#2 : f32
// CERTGRAM-NEXT: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CERTGRAM-NEXT: %[[TWICE:.*]] = arith.mulf %[[TWO]], %[[R]]#1 : f32
// CERTGRAM-NEXT: arith.subf %[[NORMS]], %[[TWICE]] : f32
// CERTGRAM-NOT: llvm.intr.fma
// CERTGRAM: memref.atomic_rmw minu %{{.*}} : (i64, memref<64xi64, #gpu.address_space<workgroup>>) -> i64
// Past 1024 features (d = 2052: 65 slices of 32, the last partial) the
// norms are the Gram form's own: the row duty sums x x as a mulf then an
// addf onto the running value (the compensated duty's fma fails this),
// before the row's sum((x - mu)^2). Each norm N publishes beside it W =
// (32 T + (2053 - 65 * 32) N) (1 + 2 gamma_d + 2^-10), T the running
// values after each slice, and the bound takes 2 u / (1 - 2053 u) (1 +
// u 1.001) (1 + 2^-10) = 1.19340328e-7 of sqrt(Wx) sqrt(Wc).
// RUN: sed 's/512/2052/g' %examples/gemm_argmin.mlir | fuse-opt -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified' | FileCheck %s --check-prefix=CERTNATIVE
// CERTNATIVE: %[[SQ:.*]] = arith.mulf %[[X:.*]], %[[X]] : f32
// CERTNATIVE-NEXT: %[[N:.*]] = arith.addf %{{.*}}, %[[SQ]] : f32
// CERTNATIVE-NEXT: %[[Y:.*]] = arith.subf %[[X]], %{{.*}} : f32
// CERTNATIVE-NEXT: llvm.intr.fma(%[[Y]], %[[Y]], %{{.*}})
// CERTNATIVE: %[[F:.*]] = arith.constant 3.200000e+01 : f32
// CERTNATIVE-NEXT: %[[C:.*]] = arith.constant -2.700000e+01 : f32
// CERTNATIVE-NEXT: %[[CN:.*]] = arith.mulf %[[C]], %{{.*}} : f32
// CERTNATIVE-NEXT: %[[W:.*]] = llvm.intr.fma(%[[F]], %{{.*}}, %[[CN]])
// CERTNATIVE-NEXT: %[[S:.*]] = arith.constant 1.0012213 : f32
// CERTNATIVE-NEXT: arith.mulf %[[W]], %[[S]] : f32
// CERTNATIVE: %[[ROOT:.*]] = arith.constant 1.19340328E-7 : f32
// CERTNATIVE-NEXT: %[[WX:.*]] = memref.load %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CERTNATIVE-NEXT: %[[RW:.*]] = math.sqrt %[[WX]] : f32
// CERTNATIVE-NEXT: arith.mulf %[[ROOT]], %[[RW]] : f32
// On persistent blocks past 2048 features the rows over every candidate
// go to the deferred entry, whose threads sum the XC of 32 rows, their
// candidate's CC and XX of row tid % 32 only (the rows' slice padded to
// 36 floats); the XX meet in shared memory, and row r's value is (XX_r +
// CC) - 2 XC_r. Each thread summing every row's XX (65 chains) fails it.
// RUN: sed 's/512/2052/g' %examples/gemm_argmin.mlir | fuse-opt -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=131072 precision=3xtf32-certified' | FileCheck %s --check-prefix=DEFERGRAM
// DEFERGRAM: gpu.func @gemm_argmin_k0_deferred(
// DEFERGRAM: %[[ROWS:.*]] = memref.view {{.*}} to memref<32x36xf32, #gpu.address_space<workgroup>>
// DEFERGRAM: %[[XXS:.*]] = memref.view {{.*}} to memref<32xf32, #gpu.address_space<workgroup>>
// DEFERGRAM: %[[OWN:.*]] = arith.remui %thread_id_x, %{{.*}} : index
// DEFERGRAM: %[[SUMS:.*]]:34 = scf.for
// DEFERGRAM: memref.store %[[SUMS]]#33, %[[XXS]][%thread_id_x]
// DEFERGRAM: %[[XX:.*]] = memref.load %[[XXS]][%{{.*}}] : memref<32xf32, #gpu.address_space<workgroup>>
// DEFERGRAM-NEXT: %[[NORMS:.*]] = arith.addf %[[XX]], %[[SUMS]]#32 : f32
// DEFERGRAM-NEXT: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// DEFERGRAM-NEXT: %[[TWICE:.*]] = arith.mulf %[[TWO]], %[[SUMS]]#0 : f32
// DEFERGRAM-NEXT: arith.subf %[[NORMS]], %[[TWICE]] : f32
// A single open pair's replay (directDistance) loads a step's chunks of
// the row and the candidate before its chains: where the launch leaves a
// thread 168 registers (the probe's 64x128 tiles), steps of 64 features,
// 16 chunks of each operand, 8 steps for d = 512; where it leaves 128
// (the 64x64 tiles at d = 1024), steps of 32 features, 8 chunks each.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 precision=3xtf32-certified' | FileCheck %s --check-prefix=STEPS64
// RUN: sed 's/512/1024/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a expected-rows=8192 precision=3xtf32-certified' | FileCheck %s --check-prefix=STEPS32
// STEPS64: scf.for %[[STEP:.*]] = %{{.*}} to %c8{{(_[0-9]+)?}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32) {
// STEPS64-NEXT: %[[WIDTH:.*]] = arith.constant 64 : index
// STEPS64-NEXT: arith.muli %[[STEP]], %[[WIDTH]] : index
// STEPS64-COUNT-32: vector.load
// STEPS64-NOT: vector.load
// STEPS64: arith.mulf
// STEPS32: scf.for %[[STEP:.*]] = %{{.*}} to %c32{{(_[0-9]+)?}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32) {
// STEPS32-NEXT: %[[WIDTH:.*]] = arith.constant 32 : index
// STEPS32-NEXT: arith.muli %[[STEP]], %[[WIDTH]] : index
// STEPS32-COUNT-16: vector.load
// STEPS32-NOT: vector.load
// STEPS32: arith.mulf
// Rows that fill the GPU (sample-heavy's 131072 x 8192 x 8192): the
// certified consumers' running sums need 64x128 tiles (168 registers a
// thread, not the 128 of 192x128's 512 threads), and the walk keeps each
// row tile's candidates in one part. 2048 row tiles of 64 in 132 blocks:
// 16 rounds, a path of 16 x 64 tiles, each 64 x 128 x 8192 x 6 FLOPs at
// 385 TFLOP/s x 0.56 / 132 slots (246.5 us; 0.56 fitted on rows that
// fill the GPU, docs/performance-notes.md, versions 40 and 46): 252438.9
// us, plus the launch (4.0 us), the TMA fill (3.2 us) and the epilogue
// (64 x 128 pairs at 0.65 ns, 1024 tiles: 5452.6 us); no replay round
// (a direct form's open rows take the refinement). At d = 8192 each row keeps
// 8 lower bounds (certifiedLevelsFor), so the direct form takes up to 7
// open candidates before it takes all.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/naive_argmin.mlir | fuse-opt - -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CERTL
// CERTL: ledger on h200: 64x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 1: 132 persistent blocks, 16 round(s) of 1 candidate part(s), 97% of block slots busy, predicted 257898.7 us (1 launch(es), 5452.6 us of it the bounds' epilogue, 3.2 us of TMA fill)
// CERTL: certified: each candidate's 3xTF32 value carries a bound
// CERTL-SAME: for their best 7 candidates or for all of them
// The same kernel defers the rows that need the direct form over all
// candidates to a block-wide list of 64 (a count in shared memory, 0 at
// the start): a tile whose rows would overflow it first flushes the
// listed ones, and the block's last tile (item + gridDim.x >= the units)
// flushes what is left. A flush reserves room for its rows in the call's
// list (a global atomic add on its first word; 16384 rows after it, in a
// temporary zeroed before the launch), moves them there and sets their
// labels to the unset pair (key(+inf) << 32, -36028797018963968 as i64).
// The rows past the room stay: each candidate's chunks are loaded once
// for 8 of them (8 packed minima by shared-memory atomics), then their
// labels. 22 i32 fields a row: 8 levels.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/naive_argmin.mlir | fuse-opt - -fuse-fusion-pipeline='precision=3xtf32-certified' -fuse-map-to-gpu='arch=sm_90a precision=3xtf32-certified expected-rows=131072' | FileCheck %s --check-prefix=CERTD
// CERTD: \22buffers\22: [\0A {\22name\22: \22tmp0\22, \22dtype\22: \22i64\22, \22shape\22: [16385]}\0A ]
// CERTD-SAME: {\22kind\22: \22memset\22, \22buffer\22: \22tmp0\22, \22byte\22: 0}
// CERTD-SAME: \22entry\22: \22naive_argmin_k0\22,\0A \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}, {\22buffer\22: \22tmp0\22}, {\22tensor_map\22: \22arg0\22, \22box\22: [32, 64]}]
// CERTD-SAME: \22entry\22: \22naive_argmin_k0_deferred\22,\0A \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}, {\22buffer\22: \22tmp0\22}, {\22tensor_map\22: \22arg0\22, \22box\22: [32, 64]}],\0A \22grid\22: [264, 1, 1],\0A \22block\22: [256, 1, 1],\0A \22shared_bytes\22: 41472
// CERTD-SAME: \22entry\22: \22naive_argmin_k0_deferred_labels\22,\0A \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}, {\22buffer\22: \22tmp0\22}, {\22tensor_map\22: \22arg0\22, \22box\22: [32, 64]}],\0A \22grid\22: [64, 1, 1],\0A \22block\22: [256, 1, 1]
// CERTD-LABEL: gpu.func @naive_argmin_k0(
// CERTD: %[[LIST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16385xi64>
// CERTD: to memref<22x64xi32, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: {{.*}} = arith.addi
// CERTD-NEXT: %[[DEFERRED:.*]] = memref.view {{.*}} to memref<64xi64, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: {{.*}} = arith.addi
// CERTD-NEXT: %[[BEST:.*]] = memref.view {{.*}} to memref<64xi64, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: {{.*}} = arith.addi
// CERTD-NEXT: %[[COUNT:.*]] = memref.view {{.*}} to memref<1xi32, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: {{.*}} = arith.addi
// CERTD-NEXT: %[[BASE:.*]] = memref.view {{.*}} to memref<1xi64, #gpu.address_space<workgroup>>
// CERTD: memref.store %{{.*}}, %[[COUNT]][%{{.*}}] : memref<1xi32, #gpu.address_space<workgroup>>
// CERTD: %[[NEXT:.*]] = arith.addi %{{.*}}, %grid_dim_x : index
// CERTD-NEXT: %[[LAST:.*]] = arith.cmpi uge, %[[NEXT]], %{{.*}} : index
// CERTD: %[[PENDING:.*]] = memref.load %[[COUNT]]
// CERTD: %[[OVERFLOWS:.*]] = arith.cmpi ugt, %{{.*}}, %c64{{.*}} : index
// CERTD-NEXT: scf.if %[[OVERFLOWS]] {
// CERTD: %[[N:.*]] = memref.load %[[COUNT]]
// CERTD-NEXT: %[[NI:.*]] = arith.index_castui %[[N]] : i32 to index
// CERTD: %[[RESERVED:.*]] = memref.atomic_rmw addi %{{.*}}, %[[LIST]][%{{.*}}] : (i64, memref<16385xi64>) -> i64
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: memref.store %[[RESERVED]], %[[BASE]]
// CERTD: nvvm.barrier
// CERTD: %[[FROM:.*]] = memref.load %[[BASE]]
// CERTD-NEXT: %[[FROMI:.*]] = arith.index_castui %[[FROM]] : i64 to index
// CERTD: %[[TAKEN:.*]] = arith.minui %[[FROMI]], %c16384{{.*}} : index
// CERTD-NEXT: %[[ROOM:.*]] = arith.subi %c16384{{.*}}, %[[TAKEN]] : index
// CERTD-NEXT: %[[LISTED:.*]] = arith.minui %[[NI]], %[[ROOM]] : index
// CERTD-NEXT: scf.for %{{.*}} = %thread_id_x to %[[LISTED]]
// CERTD: memref.store %{{.*}}, %[[LIST]][%{{.*}}] : memref<16385xi64>
// CERTD-NEXT: %[[UNSET:.*]] = arith.constant -36028797018963968 : i64
// CERTD: memref.store %[[UNSET]], %{{.*}} : memref<?xi64>
// CERTD: scf.for %{{.*}} = %[[LISTED]] to %[[NI]] step %c8{{.*}} {
// CERTD-COUNT-8: memref.atomic_rmw minu %{{.*}}, %[[BEST]][%{{.*}}]
// CERTD: memref.load %[[BEST]]
// CERTD: memref.store %{{.*}} : memref<?xi64>
// CERTD: memref.store %{{.*}}, %[[DEFERRED]]
// CERTD: memref.store %{{.*}}, %[[COUNT]]
// CERTD: nvvm.barrier
// CERTD-NEXT: scf.if %[[LAST]] {
// CERTD: memref.load %[[COUNT]]
// CERTD: memref.atomic_rmw addi %{{.*}}, %[[LIST]]
// CERTD-COUNT-8: memref.atomic_rmw minu %{{.*}}, %[[BEST]][%{{.*}}]
// The deferred pass: items of 32 listed rows and 256 candidates, part by
// part; each slice of 32 features staged (the candidates padded to 36
// floats), then 32 chains a thread in the direct form's order (x - c,
// fma), 128 of each a chunk of 4 features; the item's minima meet in
// shared memory, then in the labels.
// CERTD-LABEL: gpu.func @naive_argmin_k0_deferred_labels(
// CERTD: %[[ULIST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16385xi64>
// CERTD: %[[ULABELS:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xi64>
// CERTD: %[[UCOUNT:.*]] = memref.load %[[ULIST]]
// CERTD: scf.for
// CERTD: %[[PACKED:.*]] = memref.load %[[ULABELS]]
// CERTD-NEXT: arith.constant 4294967295 : i64
// CERTD-NEXT: %[[LABEL:.*]] = arith.andi %[[PACKED]]
// CERTD-NEXT: memref.store %[[LABEL]], %[[ULABELS]]
// CERTD-LABEL: gpu.func @naive_argmin_k0_deferred(
// CERTD-SAME: nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 2 : i32
// CERTD: %[[DLIST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16385xi64>
// CERTD: %[[DLABELS:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xi64>
// CERTD: %[[COLS:.*]] = memref.view {{.*}} to memref<256x36xf32, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: %[[ROWS:.*]] = memref.view {{.*}} to memref<32x32xf32, #gpu.address_space<workgroup>>
// CERTD: %[[ROWIDS:.*]] = memref.view {{.*}} to memref<32xi64, #gpu.address_space<workgroup>>
// CERTD-NEXT: {{.*}} = arith.constant
// CERTD-NEXT: %[[MINIMA:.*]] = memref.view {{.*}} to memref<32xi64, #gpu.address_space<workgroup>>
// CERTD: memref.load %[[DLIST]]
// CERTD: scf.for %{{.*}} = %block_id_x to %{{.*}} step %grid_dim_x {
// CERTD: gpu.barrier
// CERTD: scf.for {{.*}} iter_args
// CERTD-COUNT-9: vector.store {{.*}} vector<4xf32>
// CERTD: gpu.barrier
// CERTD: %[[CHUNK:.*]]:32 = scf.for
// CERTD: vector.load %[[COLS]]
// CERTD-COUNT-32: vector.load %[[ROWS]]
// CERTD-NOT: vector.load
// CERTD: scf.yield
// CERTD-NEXT: }
// CERTD-NEXT: gpu.barrier
// CERTD-NEXT: scf.yield %[[CHUNK]]#0
// CERTD-COUNT-32: memref.atomic_rmw minu %{{.*}}, %[[MINIMA]]
// CERTD: gpu.barrier
// CERTD: memref.atomic_rmw minu %{{.*}}, %[[DLABELS]]

// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 tile-m=192 tile-n=64' | FileCheck %s --check-prefix=WG3X192

// 3xTF32 on sm_90a at sample-heavy's sizes (131072 x 8192 x 8192): the
// split producer's persistent blocks walk the row tiles. 683 row tiles of
// 192 in 8 candidate parts of 8 tiles: 128 blocks, ceil(683 x 8 / 128) =
// 43 rounds, a path of 344 tiles, each 192 x 128 x 8192 x 6 FLOPs at 385
// TFLOP/s x 0.98 / 132 slots: 145.37 ms, and 3.2 us of TMA fill. 128x128
// tiles (0.89): 1024 row tiles, a path of 512 tiles, 158.84 ms. Without persistence the blocks
// run in waves: 1024 blocks fill 8 waves of 132 to 97%, 683 fill 6 to 86%,
// so 128x128 wins: 158.84 ms against 6 x 64 tiles of 192, 162.28 ms.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG3XL
// WG3XL: ledger on h200: 192x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 1: 128 persistent blocks, 43 round(s) of 8 candidate part(s), 96% of block slots busy, predicted 145385.0 us
// WG3XL-SAME: 128x128 tiles: best split 1, 158845.2 us
// With a row tile for every SM the producer paces the kernel: the
// consumers keep the candidate duty (no arrival on named barrier 2).
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=131072' | FileCheck %s --check-prefix=WG3XLDUTY
// WG3XLDUTY-LABEL: gpu.func @gemm_argmin_k0(
// WG3XLDUTY-SAME: its dot products summed by the candidate duty
// WG3XLDUTY-NOT: candidate norms summed by the producers
// WG3XLDUTY-NOT: nvvm.barrier.arrive
// WG3XLDUTY: gpu.return
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=131072 persistent=0 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG3XW
// WG3XW: ledger on h200: 128x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 1: 1024 blocks in 8 wave(s), 97% of block slots busy, predicted 158845.2 us
// WG3XW-SAME: 192x128 tiles: best split 1, 162289.3 us
// Tiles the user fixes are costed at the fraction of the offer that has
// them: 128x128 at 0.89, the same 158.84 ms as the runner-up above (at the
// first offer's 0.98 they were 144.25 ms).
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=131072 tile-m=128 tile-n=128 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG3XUSER
// WG3XUSER: ledger on h200: 128x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 1: 128 persistent blocks, 64 round(s) of 8 candidate part(s), 97% of block slots busy, predicted 158845.2 us
// The walk's counts saturate rather than wrap: INT64_MAX rows are
// 48038396025285291 row tiles of 192, 363927242615798 rounds of the 132
// blocks (the candidates' 2 tiles are too few for parts).
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=9223372036854775807 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG3XHUGE
// WG3XHUGE: ledger on h200: 192x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 1: 132 persistent blocks, 363927242615798 round(s) of 1 candidate part(s)
// The probe's 4096 rows make 32 row tiles of 128, too few for a split
// producer block on each SM unless the candidates are split. 64x128 tiles
// split 2 ways make 128 units, 64 x 128 x 512 x 6 FLOPs each at 385
// TFLOP/s x 0.70 / 132 slots, plus one launch and the TMA fill (3.2 us):
// the two parts of a row tile
// are one cluster (nvvm.cluster_dim), which every H200 holds 66 of at
// once, and meet in the first block's shared memory (mapa, a 64-bit store
// to the cluster's shared window, a cluster barrier, the first block's
// unsigned minimum). No atomics, no memset of the labels and no unpacking
// entry. 128x64 tiles split 4 ways make 128 units too, but only 29
// clusters of 4 are sure to fit: they keep the atomics and their 3
// launches. The split runs with TMA in persistent blocks, as a split the
// user asks for does. Without persistent blocks the register staging's
// splits are weighed instead, and 64x64 tiles split 4 ways win.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096' | FileCheck %s --check-prefix=WG3XS
// WG3XS: \22steps\22: [\0A    {\0A      \22kind\22: \22launch\22,\0A      \22entry\22: \22gemm_argmin_k0\22,
// WG3XS-SAME: \22grid\22: {{\[\[}}\22min\22, [\22mul\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 64]], 2], 132], 1, 1]
// WG3XS-NOT: memset
// WG3XS-NOT: _merge
// WG3XS-LABEL: gpu.func @gemm_argmin_k0(
// WG3XS-SAME: tiled running minimum: 64x128 block tile
// WG3XS-SAME: candidate slices split once into TF32 big, small and cross tiles by two producer warpgroups, rows by TMA
// WG3XS-SAME: 4 stages with mbarriers
// WG3XS-SAME: persistent blocks
// WG3XS-SAME: (computed by the consumers; mu times the candidates' feature sums, which the producers sum; non-finite sums recomputed), candidate norms summed by the producers from their registers
// WG3XS-SAME: candidates split over 2 blocks of a cluster (their (value, index) pairs meet in the first block's shared memory); ledger on h200: 64x128 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 2: 128 blocks in 1 wave(s), 97% of block slots busy, predicted 19.5 us (1 launch(es), 3.2 us of TMA fill) at 4096 rows; 128x64 tiles: best split 4, 26.9 us
// WG3XS-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.maxntid = array<i32: 384, 1, 1>
// WG3XS: %[[EXCHANGE:.*]] = memref.view {{.*}} to memref<256xi64, #gpu.address_space<workgroup>>
// The other wgmma kinds split few rows' candidates the same way: on the
// probe, f16 and tf32 take 128x128 tiles (two consumer warpgroups of
// m64n128) in 2 candidate parts, 64 units in clusters of 2, one launch,
// at their few-rows fractions (f16 0.42, tf32 0.44): 2.9 / 5.8 us on the
// path, 14.0 / 20.3 us with the launch and the fill. Unsplit 128x256
// tiles (0.74 / 0.86) take 15.0 / 20.6 us; the H200 ran the split in 14.0
// / 19.2 us and the unsplit in 15.7 / 20.9 (docs/performance-notes.md,
// version 35). Without the few-rows offers the probe took the unsplit
// 128x256 tiles of sample-heavy's offers in 32 persistent blocks.
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=4096 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGFEWREMARK
// WGFEWREMARK: ledger on h200: 128x128 tiles on tensor cores (f16.tensor, 1 MMA pass(es)), split 2: 64 blocks in 1 wave(s), 48% of block slots busy, predicted 12.2 us (1 launch(es), 3.2 us of TMA fill) at 4096 rows; 128x256 tiles: best split 1, 15.0 us
// RUN: fuse-opt %examples/gemm_argmin_f16.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a expected-rows=4096' | FileCheck %s --check-prefix=WGFEW
// WGFEW: \22steps\22: [\0A    {\0A      \22kind\22: \22launch\22,\0A      \22entry\22: \22gemm_argmin_f16_k0\22,
// WGFEW-SAME: \22grid\22: {{\[\[}}\22min\22, [\22mul\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 2], 132], 1, 1]
// WGFEW-NOT: memset
// WGFEW-NOT: _merge
// WGFEW-LABEL: gpu.func @gemm_argmin_f16_k0(
// WGFEW-SAME: tiled running minimum: 128x128 block tile
// WGFEW-SAME: tensor-core wgmma m64n128k16
// WGFEW-SAME: filled by a producer warpgroup, persistent blocks
// WGFEW-SAME: candidates split over 2 blocks of a cluster
// WGFEW-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.maxntid = array<i32: 384, 1, 1>
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=tf32 expected-rows=4096 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGFEWTF32
// WGFEWTF32: ledger on h200: 128x128 tiles on tensor cores (tf32.tensor, 1 MMA pass(es)), split 2: 64 blocks in 1 wave(s), 48% of block slots busy, predicted 16.0 us (1 launch(es), 3.2 us of TMA fill) at 4096 rows; 128x256 tiles: best split 1, 20.6 us
// The setup's cluster barrier is a relaxed arrival beside a block barrier
// (no block touches another's stage barriers): no thread waits for the
// cluster before its role's work.
// WG3XS: nvvm.cluster.arrive.relaxed
// WG3XS-NEXT: gpu.barrier
// WG3XS-NOT: nvvm.cluster.wait
// Only the consumers compute the origin (the mean of the first 32
// features of candidate 0), after the setup's cluster barrier: the
// producers need none (see their loop below).
// WG3XS-NOT: -> (f32) {
// WG3XS: nvvm.setmaxregister  increase 248
// WG3XS: scf.for {{.*}} to %c32{{.*}} iter_args({{.*}}) -> (f32) {
// A slice's four row fragments are loaded together after the full stage's
// wait, before the first k-step's wait for its previous MMAs; the k-steps
// then split them and load nothing.
// WG3XS: nvvm.mbarrier.try_wait.parity
// WG3XS-NOT: nvvm.wgmma.wait.group
// WG3XS-COUNT-4: nvgpu.ldmatrix
// WG3XS-NOT: nvgpu.ldmatrix
// WG3XS: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XS-NOT: nvgpu.ldmatrix
// WG3XS: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XS-NOT: nvgpu.ldmatrix
// WG3XS: nvvm.wgmma.wait.group.sync.aligned 0
// The consumers wait on named barrier 2 (their 128 threads and the
// producers' 256) for the candidate norms, before their epilogue.
// WG3XS: nvvm.barrier id = %c2_i32{{.*}} number_of_threads = %c384_i32
// The block's first unit completes the setup's phase just before its
// pairs go to the first block's shared memory.
// WG3XS-NOT: nvvm.cluster
// WG3XS: nvvm.read.ptx.sreg.cluster.ctarank
// WG3XS: scf.if
// WG3XS-NEXT: nvvm.cluster.wait
// WG3XS-NEXT: }
// WG3XS-NOT: nvvm.cluster
// WG3XS-COUNT-2: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// WG3XS-NOT: memref.atomic_rmw
// WG3XS: nvvm.cluster.arrive
// WG3XS-NEXT: nvvm.cluster.wait
// WG3XS: memref.load %[[EXCHANGE]]
// WG3XS: memref.load %[[EXCHANGE]]
// WG3XS-NEXT: arith.minui
// WG3XS: nvvm.setmaxregister  decrease 80
// The producers' slice loop carries their running sums and the thread's 4
// candidate chunks of the slice, loaded before the loop for the first
// slice and during the previous slice for the others: each slice loads
// the next slice's chunks, sums each carried chunk's squares (three FMAs
// after a multiply) and its features (three adds, no origin: mu . c is mu
// times that sum), each into its running pair by TwoSum, then waits for
// its stage, stores the carried chunks' split parts and arrives. After
// the tile's slices they reduce the pairs over the 8 lanes of a candidate
// row (xor 4, 2, 1: value and compensation), store the sums and arrive.
// WG3XS-NOT: -> (f32) {
// WG3XS-COUNT-4: vector.load
// WG3XS-NOT: nvvm.mbarrier.try_wait.parity
// WG3XS: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// WG3XS-COUNT-4: vector.load
// WG3XS-COUNT-12: llvm.intr.fma
// WG3XS-NOT: llvm.intr.fma
// WG3XS: nvvm.mbarrier.try_wait.parity
// WG3XS-NOT: vector.load
// The 256 producer threads divide the tile's 1024 chunks: after the rows'
// TMA, no branch a chunk around its split and stores (it kept ptxas from
// interleaving them).
// WG3XS: nvvm.cp.async.bulk.tensor.shared.cluster.global
// WG3XS-NEXT: }
// WG3XS-NOT: scf.if
// WG3XS: nvvm.fence.proxy
// WG3XS: nvvm.mbarrier.arrive
// WG3XS-NOT: llvm.intr.fma
// WG3XS: scf.yield {{.*}}, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>{{$}}
// WG3XS-COUNT-4: gpu.shuffle  xor %{{.*}}, %c4_i32{{.*}}, %c32_i32{{.*}} : f32
// WG3XS: memref.store
// WG3XS: nvvm.barrier.arrive id = %c2_i32{{.*}} number_of_threads = %c384_i32
// The producers' first unit completes the setup's phase after its loads,
// before the unit's own arrival.
// WG3XS-NOT: nvvm.cluster
// WG3XS: scf.if
// WG3XS-NEXT: nvvm.cluster.wait
// WG3XS-NEXT: }
// WG3XS-NEXT: nvvm.cluster.arrive
// WG3XS-NEXT: nvvm.cluster.wait
// WG3XS-NOT: nvvm.cluster
// WG3XS-NOT: memref.atomic_rmw
// WG3XS-NOT: gpu.func
// WG3XSMAP: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// WG3XSMAP: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<7>
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096' | FileCheck %s --check-prefix=WG3XSMAP
// The user's 128x64 tiles split 4 ways: 128 units are more than the 29
// clusters of 4 that are sure to fit, so the parts meet in the labels'
// atomics after a memset, and a second entry unpacks them. At 3000 rows
// (96 units) they fit: clusters of 4.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096 tile-m=128 tile-n=64 split=4' | FileCheck %s --check-prefix=WG3XS4
// WG3XS4: \22kind\22: \22memset\22
// WG3XS4: \22entry\22: \22gemm_argmin_k0_merge\22
// WG3XS4-LABEL: gpu.func @gemm_argmin_k0(
// WG3XS4-SAME: candidates split over 4 blocks (atomic (value, index) minimum)
// WG3XS4-NOT: nvvm.cluster_dim
// WG3XS4: memref.atomic_rmw minu
// WG3XS4-LABEL: gpu.func @gemm_argmin_k0_merge(
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=3000 tile-m=128 tile-n=64 split=4' | FileCheck %s --check-prefix=WG3XS4FIT
// WG3XS4FIT-NOT: memset
// WG3XS4FIT-LABEL: gpu.func @gemm_argmin_k0(
// WG3XS4FIT-SAME: candidates split over 4 blocks of a cluster
// WG3XS4FIT-SAME: nvvm.cluster_dim = array<i32: 4, 1, 1>
// WG3XS4FIT: memref.view {{.*}} to memref<1024xi64, #gpu.address_space<workgroup>>
// WG3XS4FIT-NOT: memref.atomic_rmw
// WG3XS4FIT-NOT: gpu.func
// cluster-split=0 keeps the probe's parts in the atomics (and the ledger
// counts their 3 launches); cluster-split=1 takes clusters of 4 for 128
// units, more than are sure to fit.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096 cluster-split=0' | FileCheck %s --check-prefix=WG3XSOFF
// WG3XSOFF: \22kind\22: \22memset\22
// WG3XSOFF: \22entry\22: \22gemm_argmin_k0_merge\22
// WG3XSOFF-LABEL: gpu.func @gemm_argmin_k0(
// WG3XSOFF-SAME: candidates split over 4 blocks (atomic (value, index) minimum); ledger on h200: 128x64 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 4: 128 blocks in 1 wave(s), 97% of block slots busy, predicted 26.9 us (3 launch(es), 3.2 us of TMA fill)
// WG3XSOFF-NOT: nvvm.cluster_dim
// WG3XSOFF: memref.atomic_rmw minu
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096 tile-m=128 tile-n=64 split=4 cluster-split=1' | FileCheck %s --check-prefix=WG3XS4ON
// WG3XS4ON-NOT: memset
// WG3XS4ON-LABEL: gpu.func @gemm_argmin_k0(
// WG3XS4ON-SAME: candidates split over 4 blocks of a cluster
// WG3XS4ON-SAME: nvvm.cluster_dim = array<i32: 4, 1, 1>
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='arch=sm_90a precision=3xtf32 expected-rows=4096 persistent=0 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG3XSNP
// WG3XSNP: ledger on h200: 64x64 tiles on tensor cores (tf32.tensor, 3 MMA pass(es)), split 4: 256 blocks in 1 wave(s)
// WG3XSNP-NOT: cluster

// The byte ledger's schedule model chooses tile shape and split; each
// decision is a remark. Probe (4096 rows x 256 x 512, direct form, 3 FLOPs
// per term): the 64 row blocks of 64x64 tiles leave most of the H200's
// 132 x 2 block slots empty, so the candidates split 4 ways: 256 blocks,
// each 64 x 64 x 512 x 3 FLOPs at 51 TFLOP/s x 0.5 / 264 slots = 65.1 us,
// plus 3 launches x 4 us. 128x128 tiles fill only 64 slots.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROBE
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='tile-m=256 tile-n=128 expected-rows=4096' | FileCheck %s --check-prefix=TILE256
// PROBE: map-to-gpu.mlir:[[@LINE+64]]:13: remark: fuse-map-to-gpu: ledger on h200: 64x64 tiles, split 4: 256 blocks in 1 wave(s), 97% of block slots busy, predicted 69.1 us (3 launch(es)) at 4096 rows; 128x128 tiles: best split 2, 176.9 us
// With many rows no split is offered, and the 8x8 register tile's measured
// efficiency (0.73-0.86 against 0.5) makes 128x128 tiles the choice; with only
// 10 candidates (@gram) a 128-wide tile would compute mostly padding.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: remark: fuse-map-to-gpu: ledger on h200: 128x128 tiles, split 1: 1024 blocks in 4 wave(s), 97% of block slots busy
// LARGE: remark: fuse-map-to-gpu: ledger on h200: 64x64 tiles, split 1: 2048 blocks
// The L4 profile (58 SMs) changes the arithmetic: its 64 slots of 128x128
// tiles, split 2, beat 64x64 tiles split 4 over 3 waves.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096 device=l4 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=L4
// L4: remark: fuse-map-to-gpu: ledger on l4: 128x128 tiles, split 2: 64 blocks in 1 wave(s), 55% of block slots busy, predicted 137.0 us (3 launch(es)) at 4096 rows; 64x64 tiles: best split 4, 141.8 us
// A split the user forces is kept, and costed.
// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096 split=2 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORCED
// FORCED: remark: fuse-map-to-gpu: ledger on h200: 64x64 tiles, split 2: 128 blocks in 1 wave(s), 48% of block slots busy, predicted 126.3 us

// The naive assignment gets the tiled running-min schedule: shared-memory
// slices (workgroup attributions), barriers, warp shuffles; at 4096 rows
// the candidates split over blocks merged by a 64-bit atomic minimum, with
// a merge entry and a memset of the labels in the launch description. The
// kernel takes bare pointers and the dynamic size.
// CHECK-LABEL: func.func @naive
// CHECK-SAME: fusec.launch = "{
// CHECK-SAME: \22kind\22: \22memset\22, \22buffer\22: \22result0\22, \22byte\22: 255
// CHECK-SAME: \22entry\22: \22naive_k0\22
// CHECK-SAME: \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}]
// CHECK-SAME: \22entry\22: \22naive_k0_merge\22
// CHECK: gpu.module @naive_kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK: gpu.func @naive_k0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64) workgroup(%{{.*}}: memref<2x16x64xf32, #gpu.address_space<workgroup>>, %{{.*}}: memref<2x16x64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-SAME: fusec.schedule = "tiled running minimum: 64x64 block tile, 16 features per slice, 4x4 per thread, 256 threads, candidates split over 4 blocks
// CHECK: gpu.barrier
// CHECK: gpu.shuffle xor
// CHECK: memref.atomic_rmw minu
// CHECK: gpu.func @naive_k0_merge
// NOSPLIT-LABEL: gpu.func @naive_k0
// NOSPLIT-SAME: 128x128 block tile
// NOSPLIT-SAME: 8x8 per thread
// A thread's 8 rows (candidates) are two groups of 4 consecutive ones, at
// coordinate * 4 and 64 (= 16 threads x 4) further: warps read consecutive
// 16-byte chunks of the staged slice.
// NOSPLIT: %[[TCOL:[0-9]+]] = arith.remui %thread_id_x, %c16
// NOSPLIT-NEXT: %c16{{.*}} = arith.constant 16
// NOSPLIT-NEXT: %[[TROW:[0-9]+]] = arith.divui %thread_id_x, %c16
// NOSPLIT: vector.load %arg4[{{.*}} memref<2x16x128xf32
// NOSPLIT: %[[A1:[0-9]+]] = arith.muli %[[TROW]], %c4{{.*}} : index
// NOSPLIT-NEXT: %[[C64A:c64[_0-9]*]] = arith.constant 64 : index
// NOSPLIT-NEXT: %[[A1OFF:[0-9]+]] = arith.addi %[[A1]], %[[C64A]]
// NOSPLIT-NEXT: vector.load %arg4[%{{.*}}, %{{.*}}, %[[A1OFF]]]
// NOSPLIT: %[[B0:[0-9]+]] = arith.muli %[[TCOL]], %c4{{.*}} : index
// NOSPLIT-NEXT: %[[C0B:c0[_0-9]*]] = arith.constant 0 : index
// NOSPLIT-NEXT: %[[B0OFF:[0-9]+]] = arith.addi %[[B0]], %[[C0B]]
// NOSPLIT-NEXT: vector.load %arg5[%{{.*}}, %{{.*}}, %[[B0OFF]]]
// NOSPLIT: %[[B1:[0-9]+]] = arith.muli %[[TCOL]], %c4{{.*}} : index
// NOSPLIT-NEXT: %[[C64B:c64[_0-9]*]] = arith.constant 64 : index
// NOSPLIT-NEXT: %[[B1OFF:[0-9]+]] = arith.addi %[[B1]], %[[C64B]]
// NOSPLIT-NEXT: vector.load %arg5[%{{.*}}, %{{.*}}, %[[B1OFF]]]
// NOSPLIT-NOT: memref.atomic_rmw
// NOSPLIT: memref.store %{{.*}} : memref<?xi64>
// NOSPLIT-NOT: _merge
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

// The Gram form: the norms are accumulated from the staged slices into
// their own shared buffers.
// CHECK-LABEL: gpu.func @gram_k0
// CHECK-SAME: memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-SAME: 1 row and 1 candidate norms from the slices
// CHECK-NOT: nvvm.mma.sync
// CHECK: func.func @gram_f16
// The tensor-core schedule stages row-major f32 tiles padded by 4 features
// (16 bytes) and splits each operand into a TF32 part and its remainder;
// with 10 candidates the ledger takes 64x64 tiles of 32-feature slices:
// 2 m16 x 8 n8 tiles x 4 k-steps x 3 MMAs. Rows of 64 f32 are 16-byte
// aligned, so cp.async copies the slices into dynamic shared memory (every
// buffer is a view of it) and the loop waits for the oldest slice, syncs
// and puts the next in flight before it loads fragments with ldmatrix.
// TF32X3-LABEL: gpu.func @naive_k0
// TF32X3-NOT: nvvm.mma.sync
// TF32X3-LABEL: gpu.func @gram_k0
// TF32X3-NOT: workgroup(
// TF32X3-SAME: tensor-core mma.sync m16n8k8 (3xtf32, f32 accumulation), ldmatrix fragments, 2 cp.async stages (39424 bytes of dynamic shared memory)
// TF32X3: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// TF32X3: memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x64x36xf32, #gpu.address_space<workgroup>>
// TF32X3: memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x64x36xf32, #gpu.address_space<workgroup>>
// TF32X3: memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// TF32X3: nvgpu.device_async_copy %{{.*}}, %{{.*}}, 4, %{{.*}} {bypassL1} : memref<?x64xf32> to memref<2x64x36xf32, #gpu.address_space<workgroup>>
// TF32X3: nvvm.cp.async.commit.group
// TF32X3: nvvm.cp.async.wait.group 0
// TF32X3-NEXT: gpu.barrier
// TF32X3: nvgpu.device_async_copy
// TF32X3: nvvm.cp.async.commit.group
// TF32X3: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x64x36xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// TF32X3-COUNT-192: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// TF32X3-NOT: nvvm.mma.sync
// TF32X3: func.func @gram_f16
// TF32-LABEL: gpu.func @gram_k0
// TF32-SAME: (tf32, f32 accumulation)
// TF32-COUNT-64: nvvm.mma.sync
// TF32-NOT: nvvm.mma.sync
// TF32: func.func @gram_f16
// One warpgroup of m64n64k8 TF32 MMAs for 10 candidates, 4 per slice of
// 32 f32 (128 bytes).
// WGTF32-LABEL: gpu.func @gram_k0
// WGTF32-SAME: 64x64 block tile, 32 features per slice, 2x16 per thread, 128 threads, tensor-core wgmma m64n64k8 from shared memory (tf32, f32 accumulation), matrix descriptors, 3 cp.async stages
// WGTF32: memref.view %{{.*}} to memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WGTF32-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// WGTF32-NOT: nvvm.wgmma.mma_async
// WGTF32: func.func @gram_f16
// 3xtf32 on wgmma without the producer warpgroup (cluster=0): the slices
// go through registers, where each element is split once (cvt.rna.tf32,
// the remainder, the cross part) into three tiles per operand, two buffers
// of each; per k-step small x cross, cross x small, big x big. The stores
// reach the tensor cores' async proxy through the fence before the
// barrier; the norm duty reads big + small.
// WG3X-LABEL: gpu.func @gram_k0
// WG3X-SAME: 64x64 block tile, 32 features per slice, 2x16 per thread, 128 threads, tensor-core wgmma m64n64k8 from shared memory (3xtf32, f32 accumulation), matrix descriptors, slices split once into TF32 big, small and cross tiles through registers, 2 buffers
// WG3X-COUNT-6: memref.view %{{.*}} to memref<2x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3X: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// WG3X: vector.store
// WG3X: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// WG3X-NEXT: gpu.barrier
// WG3X: nvvm.wgmma.fence.aligned
// WG3X-COUNT-12: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// WG3X-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG3X: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// WG3X: nvvm.wgmma.wait.group.sync.aligned 1
// WG3X-NOT: nvvm.mma.sync
// WG3X: func.func @gram_f16
// By default two producer warpgroups stage the slices. Their first
// thread expects the row slice's bytes (one more arrival) and loads it
// unsplit by TMA from the one tensor map, the rows' (argument 4); all 256
// threads (index opaque to LLVM's loop hoisting) load their candidate
// chunks, wait for the stage, store their big, small and cross parts,
// fence them for the async proxy and each arrive on the full barrier,
// which counts 257 arrivals. Three stages of four tiles. The 128 consumers
// wait on it, load their A fragments from the row tile and split them in
// registers, then run 12 MMAs per slice with A from registers (inline
// PTX: 32 accumulators, A in $32-$35, B's descriptor $36), none from an A
// descriptor, and each release the stage on the empty barrier, which
// counts 128.
// The launch passes the rows' tensor map (box: 32 features x 64 rows) and
// no candidates' map.
// WG3XP-LABEL: func.func @gram(
// WG3XP-SAME: \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}, {\22tensor_map\22: \22arg0\22, \22box\22: [32, 64]}]
// WG3XP-LABEL: gpu.func @gram_k0
// WG3XP-SAME: candidate slices split once into TF32 big, small and cross tiles by two producer warpgroups, rows by TMA and split in registers (A from registers), 3 stages with mbarriers
// WG3XP-SAME: rows measured from the mean of the first candidate's first 32 features (its dot products summed by the candidate duty; non-finite sums recomputed)
// WG3XP-SAME: fusec.tensor_map_args = array<i64: 4>
// From the origin the cross part is the big one: a stage is the rows, the
// candidates' big and small parts.
// WG3XP-COUNT-3: memref.view %{{.*}} to memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3XP-NOT: memref.view %{{.*}} to memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// mu: the mean of candidate 0's first min(d, 32) features, 0 if not finite.
// WG3XP: scf.for %[[F:.*]] = %{{.*}} to %c32{{.*}} step %{{.*}} iter_args
// WG3XP: memref.load %{{.*}}[%c0{{.*}}, %[[F]]] : memref<10x64xf32>
// WG3XP: %[[MEAN:.*]] = arith.divf
// WG3XP-NEXT: %[[MABS:.*]] = math.absf %[[MEAN]] : f32
// WG3XP-NEXT: %[[MINF:.*]] = arith.constant 0x7F800000 : f32
// WG3XP-NEXT: %[[MOK:.*]] = arith.cmpf olt, %[[MABS]], %[[MINF]] : f32
// WG3XP-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// WG3XP-NEXT: %[[MU:.*]] = arith.select %[[MOK]], %[[MEAN]], %[[ZERO]] : f32
// WG3XP: nvvm.mbarrier.init %{{.*}}, %c257_i32
// WG3XP: nvvm.mbarrier.init %{{.*}}, %c128_i32
// WG3XP: %[[NORMS:.*]] = memref.view %{{.*}} to memref<64xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[ODOT:.*]] = memref.view %{{.*}} to memref<64xf32, #gpu.address_space<workgroup>>
// Each k-step is a group: before its fragment is written, the previous
// slice's group of the step is waited for (3 of the 4 stay in flight),
// since the loop writes the same registers that those MMAs read.
// WG3XP: nvvm.mbarrier.try_wait.parity
// WG3XP: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XP-NOT: nvvm.wgmma.mma_async
// The k-step's A fragment is one ldmatrix.x4 of the stage's rows (no
// 32-bit loads), each value measured from the origin and rounded to TF32
// by adding half its ulp to the bits and clearing the 13 low bits (no
// cvt.rna, whose expansion guards inf and NaN).
// WG3XP-NOT: memref.load %{{.*}} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[M:.*]] = nvgpu.ldmatrix %[[ROWS:view]][{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// WG3XP-NEXT: %[[X:.*]] = vector.extract %[[M]][0, 0] : f32 from vector<4x1xf32>
// WG3XP-NEXT: %[[XO:.*]] = arith.subf %[[X]], %[[MU]] : f32
// WG3XP-NEXT: %[[XB:.*]] = arith.bitcast %[[XO]] : f32 to i32
// WG3XP-NEXT: %[[HALF:.*]] = arith.constant 4096 : i32
// WG3XP-NEXT: %[[XR:.*]] = arith.addi %[[XB]], %[[HALF]] : i32
// WG3XP-NEXT: %[[MASK:.*]] = arith.constant -8192 : i32
// WG3XP-NEXT: %[[XBIG:.*]] = arith.andi %[[XR]], %[[MASK]] : i32
// WG3XP-NEXT: %[[XBIGF:.*]] = arith.bitcast %[[XBIG]] : i32 to f32
// WG3XP-NEXT: arith.subf %[[XO]], %[[XBIGF]] : f32
// WG3XP-NEXT: arith.bitcast
// WG3XP-NEXT: vector.extract %[[M]][1, 0] : f32 from vector<4x1xf32>
// WG3XP-NOT: nvvm.convert.float.to.tf32
// WG3XP: nvvm.wgmma.fence.aligned
// WG3XP-COUNT-3: llvm.inline_asm has_side_effects "{{.*}}wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}$31}, {$32, $33, $34, $35}, $36, p, 1, 1;
// WG3XP-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG3XP: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XP-NOT: nvvm.wgmma.mma_async
// WG3XP-NOT: memref.load %{{.*}} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[M:.*]] = nvgpu.ldmatrix %[[ROWS]][{{.*}}] {numTiles = 4 : i32, transpose = false}
// WG3XP-NEXT: %[[X:.*]] = vector.extract %[[M]][0, 0] : f32 from vector<4x1xf32>
// WG3XP-NEXT: arith.subf %[[X]], %[[MU]] : f32
// WG3XP-NOT: nvvm.convert.float.to.tf32
// WG3XP: nvvm.wgmma.fence.aligned
// WG3XP-COUNT-3: llvm.inline_asm has_side_effects "{{.*}}wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}$31}, {$32, $33, $34, $35}, $36, p, 1, 1;
// WG3XP-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG3XP: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XP-NOT: nvvm.wgmma.mma_async
// WG3XP-NOT: memref.load %{{.*}} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[M:.*]] = nvgpu.ldmatrix %[[ROWS]][{{.*}}] {numTiles = 4 : i32, transpose = false}
// WG3XP-NEXT: %[[X:.*]] = vector.extract %[[M]][0, 0] : f32 from vector<4x1xf32>
// WG3XP-NEXT: arith.subf %[[X]], %[[MU]] : f32
// WG3XP-NOT: nvvm.convert.float.to.tf32
// WG3XP: nvvm.wgmma.fence.aligned
// WG3XP-COUNT-3: llvm.inline_asm has_side_effects "{{.*}}wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}$31}, {$32, $33, $34, $35}, $36, p, 1, 1;
// WG3XP-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG3XP: nvvm.wgmma.wait.group.sync.aligned 3
// WG3XP-NOT: nvvm.wgmma.mma_async
// WG3XP-NOT: memref.load %{{.*}} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[M:.*]] = nvgpu.ldmatrix %[[ROWS]][{{.*}}] {numTiles = 4 : i32, transpose = false}
// WG3XP-NEXT: %[[X:.*]] = vector.extract %[[M]][0, 0] : f32 from vector<4x1xf32>
// WG3XP-NEXT: arith.subf %[[X]], %[[MU]] : f32
// WG3XP-NOT: nvvm.convert.float.to.tf32
// WG3XP: nvvm.wgmma.fence.aligned
// WG3XP-COUNT-3: llvm.inline_asm has_side_effects "{{.*}}wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}$31}, {$32, $33, $34, $35}, $36, p, 1, 1;
// WG3XP-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG3XP-NOT: nvvm.wgmma.mma_async
// WG3XP-NOT: nvvm.wgmma.wait.group.sync.aligned 1
// The candidate duty sums mu . c beside the norm, from 0 in each slice; an
// element is big + small, or big where that is NaN (an infinite element's
// small part is inf - inf).
// WG3XP: %[[BIG:.*]] = vector.load %view_{{[0-9]+}}[{{.*}}] {alignment = 16 : i64} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// WG3XP-NEXT: %[[SMALL:.*]] = vector.load %view_{{[0-9]+}}[{{.*}}] {alignment = 16 : i64} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// WG3XP-NEXT: %[[SUM:.*]] = arith.addf %[[BIG]], %[[SMALL]] : vector<4xf32>
// WG3XP-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[SUM]], %[[SUM]] : vector<4xf32>
// WG3XP-NEXT: %[[ELEMS:.*]] = arith.select %[[NAN]], %[[BIG]], %[[SUM]] : vector<4xi1>, vector<4xf32>
// WG3XP-NEXT: %[[C0:.*]] = vector.extract %[[ELEMS]][0] : f32 from vector<4xf32>
// WG3XP-NEXT: llvm.intr.fma(%[[C0]], %[[C0]], %{{.*}}) : (f32, f32, f32) -> f32
// WG3XP-NEXT: llvm.intr.fma(%[[MU]], %[[C0]], %{{.*}}) : (f32, f32, f32) -> f32
// WG3XP: nvvm.mbarrier.arrive
// x . c = (x - o) . c + o . c in the epilogue. When one of the thread's
// sums is not finite (an infinite or NaN input: its sign would follow x - o
// and o, not x), they go through private memory, and each such pair that
// exists gets x . c again from the operands in global memory.
// WG3XP: memref.store %{{.*}}, %[[ODOT]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// WG3XP: %[[OD:.*]] = memref.load %[[ODOT]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// WG3XP-NEXT: %[[DOT:.*]] = arith.addf %{{.*}}, %[[OD]] : f32
// WG3XP: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// WG3XP-NEXT: math.absf %[[DOT]] : f32
// WG3XP-COUNT-31: arith.maximumf
// WG3XP-NEXT: %[[ANY:.*]] = arith.cmpf uge, %{{.*}}, %[[INF]] : f32
// WG3XP-NEXT: scf.if %[[ANY]] -> (f32, {{.*}}) {
// WG3XP-NEXT: arith.constant 0 : index
// WG3XP-NEXT: memref.store %[[DOT]], %[[PV:.*]][%{{.*}}] : memref<32xf32, #gpu.address_space<private>>
// WG3XP: scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// WG3XP-NEXT: %[[V:.*]] = memref.load %[[PV]][%[[P]]]
// WG3XP: %[[ROW:.*]] = memref.load %{{.*}} : memref<2xindex, #gpu.address_space<private>>
// WG3XP: %[[COL:.*]] = memref.load %{{.*}} : memref<16xindex, #gpu.address_space<private>>
// WG3XP-NEXT: %[[VABS:.*]] = math.absf %[[V]] : f32
// WG3XP-NEXT: %[[SPECIAL:.*]] = arith.cmpf uge, %[[VABS]], %[[INF]] : f32
// WG3XP-NEXT: %[[ROWOK:.*]] = arith.cmpi ult, %[[ROW]], %dim : index
// WG3XP-NEXT: %[[COLOK:.*]] = arith.cmpi ult, %[[COL]], %c10 : index
// WG3XP-NEXT: %[[OK:.*]] = arith.andi %[[ROWOK]], %[[COLOK]] : i1
// WG3XP-NEXT: %[[AGAIN:.*]] = arith.andi %[[SPECIAL]], %[[OK]] : i1
// WG3XP-NEXT: scf.if %[[AGAIN]] {
// WG3XP: %[[SUM:.*]] = scf.for %[[L:.*]] = %{{.*}} to %c64 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// WG3XP-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[ROW]], %[[L]]] : memref<?x64xf32>
// WG3XP-NEXT: %[[C:.*]] = memref.load %{{.*}}[%[[COL]], %[[L]]] : memref<10x64xf32>
// WG3XP-NEXT: llvm.intr.fma(%[[X]], %[[C]], %[[ACC]])
// WG3XP: memref.store %[[SUM]], %[[PV]][%[[P]]]
// WG3XP: memref.load %[[PV]]
// WG3XP: } else {
// WG3XP-NEXT: scf.yield %[[DOT]],
// WG3XP: llvm.inline_asm has_side_effects "mov.u32 $0, $1;"
// WG3XP: vector.load
// WG3XP: nvvm.mbarrier.try_wait.parity
// WG3XP: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c8192_i32
// WG3XP: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg4,
// WG3XP-NOT: vector.store %{{.*}}, %[[ROWS]][
// The producer's split has no guard (a non-finite pair is recomputed): the
// same rounding by an add and a mask, and it stores two parts.
// WG3XP-NOT: nvvm.convert.float.to.tf32
// WG3XP: %[[CB:.*]] = arith.bitcast %[[CV:.*]] : f32 to i32
// WG3XP-NEXT: %[[CHALF:.*]] = arith.constant 4096 : i32
// WG3XP-NEXT: %[[CR:.*]] = arith.addi %[[CB]], %[[CHALF]] : i32
// WG3XP-NEXT: %[[CMASK:.*]] = arith.constant -8192 : i32
// WG3XP-NEXT: %[[CBIG:.*]] = arith.andi %[[CR]], %[[CMASK]] : i32
// WG3XP-NEXT: %[[CBIGF:.*]] = arith.bitcast %[[CBIG]] : i32 to f32
// WG3XP-NEXT: arith.subf %[[CV]], %[[CBIGF]] : f32
// WG3XP: vector.store %{{.*}}, %view_{{[0-9]+}}[{{.*}}] {alignment = 16 : i64} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// WG3XP-NEXT: vector.store %{{.*}}, %view_{{[0-9]+}}[{{.*}}] {alignment = 16 : i64} : memref<3x64x8x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// WG3XP-NEXT: }
// WG3XP: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// WG3XP-NOT: gpu.barrier
// WG3XP: nvvm.mbarrier.arrive
// WG3XP-NOT: nvvm.mma.sync
// WG3XP: func.func @gram_f16
// 192-row tiles: three consumer warpgroups (384 threads) and one producer
// warpgroup, whose 128 threads and the expecting arrival fill a stage.
// WG3X192-LABEL: gpu.func @gram_k0
// WG3X192-SAME: 192x64 block tile, 32 features per slice, 2x16 per thread, 384 threads
// WG3X192-SAME: by one producer warpgroup, rows by TMA and split in registers (A from registers), 3 stages
// WG3X192-SAME: nvvm.maxntid = array<i32: 512, 1, 1>
// WG3X192: nvvm.mbarrier.init %{{.*}}, %c129_i32
// WG3X192: nvvm.mbarrier.init %{{.*}}, %c384_i32
// The one producer warpgroup splits 32 elements a thread: 104 registers
// (80 spilled), the consumers the rest of 512 x 128, 136.
// WG3X192: nvvm.setmaxregister  increase 136
// WG3X192: nvvm.setmaxregister  decrease 104
// WG3X192: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c24576_i32
// The labels get a scratch buffer of their shape, filled with 0xFF bytes
// like them and passed after the sizes to both entries.
// RECHECK-LABEL: func.func @gram(
// RECHECK-SAME: \22buffers\22: [\0A    {\22name\22: \22tmp0\22, \22dtype\22: \22i64\22, \22shape\22: [\22s0\22]}
// RECHECK-SAME: {\22kind\22: \22memset\22, \22buffer\22: \22result0\22, \22byte\22: 255},\0A    {\22kind\22: \22memset\22, \22buffer\22: \22tmp0\22, \22byte\22: 255}
// RECHECK-SAME: \22entry\22: \22gram_k0\22,\0A      \22params\22: [{\22buffer\22: \22arg0\22}, {\22buffer\22: \22arg1\22}, {\22buffer\22: \22result0\22}, {\22size\22: \22s0\22}, {\22buffer\22: \22tmp0\22}, {\22tensor_map\22
// RECHECK-SAME: \22entry\22: \22gram_k0_merge\22
// RECHECK-SAME: [\22min\22, 1056, [\22cdiv\22, \22s0\22, 256]]], 1, 1],\0A      \22block\22: [256, 1, 1]
// RECHECK-LABEL: gpu.func @gram_k0(
// RECHECK-SAME: each row's best two candidates
// Lanes that share a row merge their best twos (four shuffles a step).
// RECHECK-COUNT-4: gpu.shuffle  xor
// The best goes to the labels; what that minimum displaces or rejects
// (the larger of the old and new pairs), then the thread's second, go to
// the scratch.
// RECHECK: %[[PACKED:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// RECHECK-NEXT: %[[OLD:.*]] = memref.atomic_rmw minu %[[PACKED]], %[[LABELS:.*]][%[[ROW:.*]]] : (i64, memref<?xi64>) -> i64
// RECHECK: %[[LOSER:.*]] = arith.maxui %[[OLD]], %[[PACKED]] : i64
// RECHECK: memref.atomic_rmw minu %[[LOSER]], %[[SCRATCH:.*]][%[[ROW]]]
// RECHECK: %[[SECOND:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// RECHECK: memref.atomic_rmw minu %[[SECOND]], %[[SCRATCH]][%[[ROW]]]
// The merge entry, a thread per row: where both exist, it reads the row
// and both candidates in 16-byte loads, four a step (d = 64), and takes
// each feature in order: the two pairwise sums as f32 FMA chains (the ieee
// kernel's rounding), the norms in f64, rounded once; the candidates'
// values in f32 pick the label.
// RECHECK-LABEL: gpu.func @gram_k0_merge(
// RECHECK: scf.if %{{.*}} -> (i64, f32) {
// RECHECK: scf.for %{{.*}} step %c16 iter_args({{.*}}) -> (f32, f32, f64, f64, f64) {
// RECHECK: %[[XQ:.*]] = vector.load %[[ROWS:.*]][%{{.*}}, %[[F:.*]]] {alignment = 16 : i64} : memref<?x64xf32>, vector<4xf32>
// RECHECK-NEXT: %[[AQ:.*]] = vector.load %[[CANDS:.*]][%[[A:.*]], %[[F]]] {alignment = 16 : i64} : memref<10x64xf32>, vector<4xf32>
// RECHECK-NEXT: %[[BQ:.*]] = vector.load %[[CANDS]][%[[B:.*]], %[[F]]]
// RECHECK: %[[X0:.*]] = vector.extract %[[XQ]][0]
// RECHECK-NEXT: %[[A0:.*]] = vector.extract %[[AQ]][0]
// RECHECK-NEXT: %[[B0:.*]] = vector.extract %[[BQ]][0]
// RECHECK: %[[X1:.*]] = vector.extract %[[XQ]][1]
// RECHECK-NEXT: %[[A1:.*]] = vector.extract %[[AQ]][1]
// RECHECK: %[[DOTA:.*]] = math.fma %[[X0]], %[[A0]], %{{.*}} : f32
// RECHECK-NEXT: math.fma %[[X0]], %[[B0]], %{{.*}} : f32
// RECHECK-COUNT-3: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f64
// RECHECK-NEXT: math.fma %[[X1]], %[[A1]], %[[DOTA]] : f32
// RECHECK: arith.truncf %{{.*}} : f64 to f32
// RECHECK: %[[FIRST:.*]] = arith.subf
// RECHECK: %[[OTHER:.*]] = arith.subf
// RECHECK: arith.cmpf olt, %[[OTHER]], %[[FIRST]] : f32
// RECHECK: arith.cmpf oeq, %[[OTHER]], %[[FIRST]] : f32
// RECHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
// RECHECK: memref.store
// WG3X192: func.func @gram_f16
func.func @gram(%x: tensor<?x64xf32>, %c: tensor<10x64xf32>) -> tensor<?xi64> {
  %xsq = fuse.mul %x, %x : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<10x64xf32>, tensor<10x64xf32> -> tensor<10x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<10x64xf32> -> tensor<10xf32>
  %ct = fuse.transpose %c : tensor<10x64xf32> -> tensor<64x10xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x64xf32>, tensor<64x10xf32> -> tensor<?x10xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<10xf32> -> tensor<?x10xf32>
  %d = fuse.sub %n, %xc : tensor<?x10xf32>, tensor<?x10xf32> -> tensor<?x10xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x10xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// f16 data, products and sums in f32 (the casts widen exactly): the
// contraction runs on f16 tensor cores whatever the precision option, the
// norms accumulate in f32 from the staged f16 slices (rows padded by 8
// halves), and the (n, k) matrix never exists.
// Two slices of 64 halves in flight: 2 x 2 x 128 rows x 144 bytes, plus
// the norms and the running (best, index) state; 2 m16 x 16 n8 tiles x 4
// k-steps.
// With 256-row tiles a block of 256 threads is the one the registers
// allow per SM, and the stages are as many as fit the per-block limit of
// shared memory (found with 4 stages, 221184 bytes, refused).
// TILE256-LABEL: gpu.func @gram_f16_k0
// TILE256-SAME: 256x128 block tile, 64 features per slice, 4x32 per thread, 256 threads, tensor-core mma.sync m16n8k16 (f16, f32 accumulation), ldmatrix fragments, 3 cp.async stages (175616 bytes of dynamic shared memory)
// TILE256: memref.view %{{.*}} to memref<3x256x72xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @gram_f16_k0
// CHECK-SAME: 128x128 block tile, 64 features per slice, 4x32 per thread, 128 threads, tensor-core mma.sync m16n8k16 (f16, f32 accumulation), ldmatrix fragments, 2 cp.async stages (78848 bytes of dynamic shared memory), 1 row and 1 candidate norms from the slices
// CHECK: memref.view %{{.*}} to memref<2x128x72xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %{{.*}}, %{{.*}}, 8, %{{.*}} {bypassL1} : memref<?x64xf16> to memref<2x128x72xf16, #gpu.address_space<workgroup>>
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x128x72xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-COUNT-128: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK: func.func @gram_f16_unaligned(
// wgmma: 256 threads, two warpgroups of 64 rows; 3 stages of 128 + 128
// rows x 128 bytes plus 1024 bytes to align the swizzle's atoms, the
// norms and the running state. The copies write chunk c of row r at chunk
// c xor (r mod 8); the descriptors say "128-byte swizzle, 1024 bytes
// between 8-row groups" ((1 << 62) | (64 << 32) | (1 << 16)); the fence
// makes the copies visible to the tensor cores' async proxy. One slice's
// MMAs stay in flight while the next slice is staged (wait 1); all are
// waited for before the epilogue reads the accumulators (wait 0).
// With TMA loads, the tensor maps of the rows and the candidates follow the other
// parameters, in the launch description too, with boxes of one 128-byte
// row by 128 rows and by 64 candidates (half of the 128-candidate tile:
// each block of a cluster loads one half for both); the grid is whole
// clusters. Each stage has a full barrier (1 arrival plus the bytes,
// 32 KiB) and an empty one (the 8 consumer warps of both blocks). The
// block is warp-specialized: the two consumer warpgroups (threads below
// 256) take the producer's registers (setmaxnreg 232 / 40), wait for each
// stage, issue the MMAs (no loads among them), release the previous stage
// in both blocks after their MMAs and the last one after the loop, and
// synchronize among themselves only (named barrier 1 over 256 threads).
// The producer warpgroup's first thread walks every candidate tile and
// slice: it waits for the stage's empty barrier, expects its bytes and
// loads the rows and the multicast candidate half. The blocks leave
// together.
// TMA-LABEL: func.func @gram_f16(
// TMA-SAME: {\22tensor_map\22: \22arg0\22, \22box\22: [64, 128]}, {\22tensor_map\22: \22arg1\22, \22box\22: [64, 64]}],\0A      \22grid\22: {{\[\[}}\22mul\22, [\22cdiv\22, [\22max\22, 1, [\22cdiv\22, \22s0\22, 128]], 2], 2], 1, 1],\0A      \22block\22: [384, 1, 1]
// TMA-LABEL: gpu.func @gram_f16_k0(
// TMA-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %[[ROWMAP:.*]]: !llvm.ptr, %[[COLMAP:.*]]: !llvm.ptr) kernel
// TMA-SAME: 256 threads, {{.*}} 4 TMA stages with mbarriers (133696 bytes of dynamic shared memory) filled by a producer warpgroup, clusters of 2 blocks multicasting the candidate slices
// TMA-SAME: fusec.tensor_map_args = array<i64: 4, 5>, nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.maxntid = array<i32: 384, 1, 1>
// TMA: nvvm.mbarrier.init %{{.*}}, %c1_i32{{[_0-9]*}} :
// TMA: nvvm.mbarrier.init %{{.*}}, %c16_i32{{[_0-9]*}} :
// TMA: nvvm.fence.mbarrier.init
// TMA-NEXT: }
// TMA-NEXT: nvvm.cluster.arrive
// TMA-NEXT: nvvm.cluster.wait
// TMA-NEXT: nvvm.read.ptx.sreg.cluster.ctarank
// TMA: %[[CONSUMER:.*]] = arith.cmpi ult, %{{.*}}, %c256{{[_0-9]*}} : index
// TMA-NEXT: scf.if %[[CONSUMER]] {
// TMA-NEXT: nvvm.setmaxregister increase 232
// TMA-NOT: nvvm.cp.async.bulk.tensor
// TMA: nvvm.mbarrier.try_wait.parity
// TMA-NOT: nvvm.cp.async.bulk.tensor
// TMA: nvvm.wgmma.mma_async
// TMA-NOT: nvvm.cp.async.bulk.tensor
// TMA: nvvm.wgmma.wait.group.sync.aligned 1
// TMA: nvvm.bar.warp.sync
// TMA: %[[LANE:.*]] = arith.remui %{{.*}}, %c32{{[_0-9]*}} : index
// TMA: %[[SIGNALS:.*]] = arith.cmpi ult, %[[LANE]], %c2{{[_0-9]*}} : index
// TMA-NEXT: scf.if %[[SIGNALS]] {
// TMA: %[[RANK:.*]] = arith.index_castui %[[LANE]] : index to i32
// TMA-NEXT: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// TMA-NEXT: nvvm.mbarrier.arrive %[[REMOTE]] : !llvm.ptr<7>
// TMA: nvvm.wgmma.wait.group.sync.aligned 0
// TMA: nvvm.bar.warp.sync
// TMA: nvvm.mbarrier.arrive
// TMA-NOT: gpu.barrier
// TMA: nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// TMA-NOT: gpu.barrier
// TMA-NOT: nvvm.cp.async.bulk.tensor
// TMA: nvvm.setmaxregister decrease 40
// TMA: %[[LEADER:.*]] = arith.cmpi eq, %{{.*}}, %c256{{[_0-9]*}} : index
// TMA-NEXT: scf.if %[[LEADER]] {
// TMA: scf.for
// TMA: scf.for
// TMA: nvvm.mbarrier.try_wait.parity
// TMA: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c32768_i32
// TMA: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[ROWMAP]], %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// TMA: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[COLMAP]], %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %c3_i16 : !llvm.ptr<7>, !llvm.ptr
// TMA-NOT: nvgpu.device_async_copy
// TMA: nvvm.cluster.arrive
// TMA-NEXT: nvvm.cluster.wait
// TMA-NEXT: gpu.return
// TMA1-LABEL: gpu.func @gram_f16_k0
// TMA1-SAME: 4 TMA stages with mbarriers
// TMA1-NOT: cluster
// TMA1: nvvm.mbarrier.init %{{.*}}, %c8_i32{{[_0-9]*}} :
// TMA1: gpu.barrier
// TMA1: nvvm.setmaxregister increase 232
// TMA1: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3> -> i64
// One slice per tile, fewer than the stages: the consumers meet before a
// tile's norms are published, so no warp overwrites those that a slower
// one still reads in the previous tile's epilogue.
// TMA1: nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// TMA1-NOT: memref.load
// TMA1: memref.store
// TMA1: nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// TMA1: memref.load
// TMA1: nvvm.setmaxregister decrease 40
// TMA1: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// TMA1-NOT: multicast_mask
// TMA1-NOT: nvvm.cluster
// TMA1: gpu.return
// WGMMA-LABEL: gpu.func @gram_f16_k0
// WGMMA-SAME: 128x128 block tile, 64 features per slice, 2x32 per thread, 256 threads, tensor-core wgmma m64n128k16 from shared memory (f16, f32 accumulation), matrix descriptors, 3 cp.async stages (104448 bytes of dynamic shared memory)
// WGMMA: memref.extract_aligned_pointer_as_index
// WGMMA: memref.view %{{.*}} to memref<3x128x8x8xf16, #gpu.address_space<workgroup>>
// WGMMA: %[[SWIZZLED:.*]] = arith.xori
// WGMMA: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %[[SWIZZLED]], %{{.*}}], 8
// WGMMA: arith.constant 4611686293305360384 : i64
// WGMMA: nvvm.cp.async.wait.group 0
// WGMMA-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// WGMMA-NEXT: gpu.barrier
// WGMMA: nvvm.wgmma.fence.aligned
// WGMMA-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// WGMMA-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WGMMA: nvvm.wgmma.wait.group.sync.aligned 1
// WGMMA: nvvm.wgmma.wait.group.sync.aligned 0
// WGMMA-NOT: nvvm.mma.sync
// WGMMA: func.func @gram_f16_unaligned(
func.func @gram_f16(%xh: tensor<?x64xf16>, %ch: tensor<100x64xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x64xf16> to tensor<?x64xf32>
  %c = fuse.cast %ch : tensor<100x64xf16> to tensor<100x64xf32>
  %xsq = fuse.mul %x, %x : tensor<?x64xf32>, tensor<?x64xf32> -> tensor<?x64xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x64xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<100x64xf32>, tensor<100x64xf32> -> tensor<100x64xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<100x64xf32> -> tensor<100xf32>
  %ct = fuse.transpose %c : tensor<100x64xf32> -> tensor<64x100xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x64xf32>, tensor<64x100xf32> -> tensor<?x100xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<100xf32> -> tensor<?x100xf32>
  %d = fuse.sub %n, %xc : tensor<?x100xf32>, tensor<?x100xf32> -> tensor<?x100xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x100xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// Rows of 60 halves (120 bytes) are not 16-byte aligned, which cp.async
// needs: the slices go through registers into two static buffers (of 32
// halves per slice, half the cp.async slice, to fit), and the fragments
// still come from ldmatrix.
// CHECK-LABEL: gpu.func @gram_f16_unaligned_k0
// CHECK-SAME: workgroup(%{{.*}}: memref<2x128x40xf16, #gpu.address_space<workgroup>>, %{{.*}}: memref<2x128x40xf16, #gpu.address_space<workgroup>>
// CHECK-SAME: ldmatrix fragments, slices staged through registers (rows not 16-byte aligned)
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x128x40xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: func.func @chain
// WG2-LABEL: gpu.func @gram_f16_k0
// WG2-SAME: tensor-core wgmma m64n128k16 from shared memory (f16, f32 accumulation), matrix descriptors, 2 cp.async stages
// WG2-COUNT-4: nvvm.wgmma.mma_async
// WG2-NEXT: nvvm.wgmma.commit.group.sync.aligned
// WG2-NOT: nvvm.wgmma.wait.group.sync.aligned 1
// WG2: nvvm.wgmma.wait.group.sync.aligned 0
// WG2-NOT: nvvm.wgmma.wait.group.sync.aligned 1
// WG2: func.func @gram_f16_unaligned(
// WGMMA-LABEL: gpu.func @gram_f16_unaligned_k0
// WGMMA-SAME: tensor-core mma.sync m16n8k16 (f16, f32 accumulation), ldmatrix fragments, slices staged through registers
// WGMMA-NOT: nvvm.wgmma
// WGMMA: func.func @chain
func.func @gram_f16_unaligned(%xh: tensor<?x60xf16>, %ch: tensor<100x60xf16>) -> tensor<?xi64> {
  %x = fuse.cast %xh : tensor<?x60xf16> to tensor<?x60xf32>
  %c = fuse.cast %ch : tensor<100x60xf16> to tensor<100x60xf32>
  %xsq = fuse.mul %x, %x : tensor<?x60xf32>, tensor<?x60xf32> -> tensor<?x60xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x60xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<100x60xf32>, tensor<100x60xf32> -> tensor<100x60xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<100x60xf32> -> tensor<100xf32>
  %ct = fuse.transpose %c : tensor<100x60xf32> -> tensor<60x100xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x60xf32>, tensor<60x100xf32> -> tensor<?x100xf32>
  %n = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<100xf32> -> tensor<?x100xf32>
  %d = fuse.sub %n, %xc : tensor<?x100xf32>, tensor<?x100xf32> -> tensor<?x100xf32>
  %l = fuse.argmin %d, dim = 1 : tensor<?x100xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// -----

// The fp16 chain: a grid-stride loop with 8-wide (16-byte) vector loads
// and stores, then a scalar tail. Blocks of 128 threads, a block per 1024
// elements, so each thread makes one pass (the loop covers sizes past
// gridDim.x's limit).
// CHECK: \22function\22: \22chain\22
// CHECK-SAME: \22grid\22: {{\[\[}}\22max\22, 1, [\22min\22, 2147483647, [\22cdiv\22, \22s0\22, 1024]]], 1, 1],{{.*}}\22block\22: [128, 1, 1]
// CHECK-LABEL: gpu.func @chain_k0
// CHECK-SAME: fusec.schedule = "elementwise, grid-stride, 8-wide vector accesses"
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK: scf.for
// CHECK:   vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK:   arith.maximumf %{{.*}} : vector<8xf16>
// CHECK:   vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: scf.for
// CHECK:   memref.load %{{.*}} : memref<?xf16>
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

// Anything else computes one output element per thread in a grid-stride
// loop; here the reduction is a loop inside it.
// CHECK-LABEL: gpu.func @rowsum_k0
// CHECK-SAME: fusec.schedule = "one output element per thread, grid-stride"
// CHECK: gpu.thread_id x
// CHECK: scf.for
// CHECK:   scf.for {{.*}} -> (f32)
func.func @rowsum(%x: tensor<?x33xf32>) -> tensor<?xf32> {
  %e = fuse.exp %x : tensor<?x33xf32>
  %s = fuse.sum %e, dim = 1 : tensor<?x33xf32> -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

// A static candidate count of 2^32 (33554432 tiles of 128): the split search
// visits one split per distinct tiles-per-block count, O(sqrt(tiles)), not
// every split (found by fusec-fuzz: it took minutes).
// CHECK-LABEL: func.func @huge_k
// CHECK: gpu.func @huge_k_k0
// CHECK-SAME: candidates split over 132 blocks
// NOSPLIT-LABEL: func.func @huge_k
func.func @huge_k(%x: tensor<256x64xf32>, %c: tensor<4294967296x64xf32>) -> tensor<256xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<256x64xf32> -> tensor<256x1x64xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<4294967296x64xf32> -> tensor<1x4294967296x64xf32>
  %d = fuse.sub %xe, %ce : tensor<256x1x64xf32>, tensor<1x4294967296x64xf32> -> tensor<256x4294967296x64xf32>
  %sq = fuse.square %d : tensor<256x4294967296x64xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<256x4294967296x64xf32> -> tensor<256x4294967296xf32>
  %l = fuse.argmin %dist, dim = 1 : tensor<256x4294967296xf32> -> tensor<256xi64>
  return %l : tensor<256xi64>
}

// -----

// TMA needs static features and candidates, present and below 2^31 (its
// coordinates are 32-bit, and the runtime skips a launch whose
// tensor-mapped operand is empty, which is right only for empty rows):
// these keep the cp.async stages.
// TMA1-LABEL: func.func @no_features(
// TMA1-NOT: tensor_map
// TMA1-LABEL: func.func @huge_f16_k(
// TMA1-NOT: tensor_map
// TMA1: gpu.func @huge_f16_k_k0
// TMA1-SAME: cp.async stages
func.func @no_features(%x: tensor<?x0xf16>, %c: tensor<64x0xf16>) -> tensor<?xi64> {
  %xf = fuse.cast %x : tensor<?x0xf16> to tensor<?x0xf32>
  %cf = fuse.cast %c : tensor<64x0xf16> to tensor<64x0xf32>
  %ct = fuse.transpose %cf : tensor<64x0xf32> -> tensor<0x64xf32>
  %xc = fuse.matmul %xf, %ct : tensor<?x0xf32>, tensor<0x64xf32> -> tensor<?x64xf32>
  %l = fuse.argmin %xc, dim = 1 : tensor<?x64xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
func.func @huge_f16_k(%x: tensor<?x64xf16>, %c: tensor<2147483648x64xf16>) -> tensor<?xi64> {
  %xf = fuse.cast %x : tensor<?x64xf16> to tensor<?x64xf32>
  %cf = fuse.cast %c : tensor<2147483648x64xf16> to tensor<2147483648x64xf32>
  %ct = fuse.transpose %cf : tensor<2147483648x64xf32> -> tensor<64x2147483648xf32>
  %xc = fuse.matmul %xf, %ct : tensor<?x64xf32>, tensor<64x2147483648xf32> -> tensor<?x2147483648xf32>
  %l = fuse.argmin %xc, dim = 1 : tensor<?x2147483648xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}

// The FMA schedule on the seed shapes (8192 candidates and features): the
// direct form at two resident blocks per SM with 16 features per slice in
// two cp.async stages, the Gram form in 128x256 tiles, 8x16 per thread,
// one block per SM, through registers (docs/performance-notes.md, versions
// 19 and 20).
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/naive_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072' | FileCheck %s --check-prefix=WIDE
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072' | FileCheck %s --check-prefix=GRAM8
// mma.sync keeps one block: under the two-block bound its 128 accumulators
// a thread ran sample-heavy 3xTF32 1.8x slower.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072 precision=3xtf32' | FileCheck %s --check-prefix=MMA1
// MMA1: gpu.func @gemm_argmin_k0
// MMA1-SAME: nvvm.minctasm = 1
// Candidates that are not a multiple of the tile (k = 200): 8 features
// through registers, where 16 in cp.async stages spill 64 bytes. Two
// candidate tiles (k = 256) take the stages (they spilled through
// registers).
// RUN: sed 's/256/200/g' %examples/naive_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072' | FileCheck %s --check-prefix=NARROW
// RUN: fuse-opt %examples/naive_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072' | FileCheck %s --check-prefix=WIDE256
// WIDE: gpu.func @naive_argmin_k0
// WIDE-SAME: 128x128 block tile, 16 features per slice, 8x8 per thread, 256 threads, 2 cp.async stages of 4-byte copies
// WIDE-SAME: nvvm.minctasm = 2
// GRAM8: gpu.func @gemm_argmin_k0
// GRAM8-SAME: 128x256 block tile, 8 features per slice, 8x16 per thread
// GRAM8-SAME: nvvm.minctasm = 1
// The slice loop carries the first feature's register tiles (8 rows + 16
// candidates a thread): after the barrier that publishes the next slice
// they load from it, and then the last feature's terms run. Without the
// pipeline the loop carried 128 accumulators and 2 norms, no tiles.
// GRAM8: gpu.barrier
// GRAM8: %[[NEXT:[0-9]+]]:24 = scf.if %{{.*}} -> (
// GRAM8: vector.load %arg4[%{{.*}}, %c0{{.*}}, %{{.*}}] {{.*}}memref<2x8x128xf32
// GRAM8: } else {
// GRAM8: llvm.intr.fma
// GRAM8: scf.yield {{.*}}, %[[NEXT]]#0, %[[NEXT]]#1, {{.*}}, %[[NEXT]]#23 : f32
// NARROW: gpu.func @naive_argmin_k0
// NARROW-SAME: 128x128 block tile, 8 features per slice, 8x8 per thread
// NARROW-NOT: cp.async stages
// NARROW-SAME: nvvm.minctasm = 2
// WIDE256: gpu.func @naive_argmin_k0
// WIDE256-SAME: 128x128 block tile, 16 features per slice, 8x8 per thread, 256 threads, 2 cp.async stages

// Rows that fill the GPU: the FMA schedule splits the candidates into parts
// of two candidate tiles (16 MiB of sample-heavy's candidates, within half
// the L2), which ran 0.94-0.96x of the unsplit walk (version 36). Unsplit,
// the parts would stream 256 MiB and the remark would name one part.
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESIDENT
// RUN: sed 's/256/8192/g; s/512/8192/g' %examples/naive_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=131072 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESIDENTNAIVE
// A part of two 16 MiB tiles (feature-heavy's d = 16384) is more than half the
// L2: one tile a part, for the waves' fill alone, and no resident rate.
// RUN: sed 's/256/4096/g; s/512/16384/g' %examples/gemm_argmin.mlir | fuse-opt - -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=65536 emit-remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STREAMED
// RESIDENT: ledger on h200: 128x256 tiles, split 16: 16384 blocks in 125 wave(s), 99% of block slots busy, parts in the L2, predicted {{.*}} (3 launch(es)) at 131072 rows
// RESIDENTNAIVE: ledger on h200: 128x128 tiles, split 32: 32768 blocks in 125 wave(s), 99% of block slots busy, parts in the L2, predicted {{.*}} (3 launch(es)) at 131072 rows
// STREAMED: ledger on h200: 128x256 tiles, split 16: 8192 blocks in 63 wave(s), 99% of block slots busy, predicted

// The direct form's 16-feature slices on the seed shapes come through two
// cp.async stages of 4-byte copies, transposed into rows padded by 4
// elements (a warp's copies: 4 rows x 8 features, 32 banks). Through
// registers (version 19) there were no device_async_copy ops and the tile
// was 2x16x128.
// WIDE: nvgpu.device_async_copy {{.*}}, 1 : memref<?x8192xf32> to memref<2x16x132xf32, #gpu.address_space<workgroup>>
// WIDE-NOT: vector.load {{.*}}memref<?x8192xf32>

// --stages on the FMA schedule: with 8-feature slices the rows are padded
// by 4; with 4-feature slices (groups of 4 features, 8 rows a warp) by 8.
// Tiles at the operands' ends take the checked copies, which zero-fill
// (source size 0) past them.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='tile-m=128 tile-n=128 tile-k=8 stages=3' | FileCheck %s --check-prefix=ASYNC8
// ASYNC8: gpu.func @gemm_argmin_k0
// ASYNC8-SAME: 3 cp.async stages of 4-byte copies, transposed
// ASYNC8: scf.if
// ASYNC8: nvgpu.device_async_copy {{.*}}, 1 : memref<?x512xf32> to memref<3x8x132xf32, #gpu.address_space<workgroup>>
// ASYNC8: } else {
// ASYNC8: %[[SIZE:.*]] = arith.select {{.*}}, %c1{{.*}}, %c0
// ASYNC8: nvgpu.device_async_copy {{.*}}, 1, %[[SIZE]] : memref<?x512xf32> to memref<3x8x132xf32, #gpu.address_space<workgroup>>
// ASYNC8: nvvm.cp.async.wait.group 1
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='tile-m=128 tile-n=128 tile-k=4 stages=2' | FileCheck %s --check-prefix=ASYNC4
// ASYNC4: nvgpu.device_async_copy {{.*}}, 1 : memref<?x512xf32> to memref<2x4x136xf32, #gpu.address_space<workgroup>>

// Compensated sums (the default): the norm duty sums a slice's terms on
// their own (the FMA schedule in one chain from 0) and adds the slice's sum
// to the running norm once, by TwoSum, whose exact rounding error adds up in
// a second value that the slice loop carries. Before publishing, the norm is
// the sum plus that compensation, unless the compensation is NaN (an
// infinity or NaN met the sum: the sum alone). With compensated-sums=false
// the duty runs 4 chains, the first from the running norm, and yields the
// norm alone.
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096' | FileCheck %s --check-prefix=TWOSUM
// RUN: fuse-opt %examples/gemm_argmin.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096 compensated-sums=false' | FileCheck %s --check-prefix=PLAINSUM
// TWOSUM: gpu.func @gemm_argmin_k0
// TWOSUM: %[[T0:.*]] = memref.load %arg4[%{{.*}}, %c0{{.*}}, %thread_id_x]
// TWOSUM-NEXT: %[[C0:.*]] = llvm.intr.fma(%[[T0]], %[[T0]], %cst{{.*}}) : (f32, f32, f32) -> f32
// TWOSUM: %[[T15:.*]] = memref.load %arg4[%{{.*}}, %c15{{.*}}, %thread_id_x]
// TWOSUM-NEXT: %[[SLICE:.*]] = llvm.intr.fma(%[[T15]], %[[T15]], %{{.*}}) : (f32, f32, f32) -> f32
// TWOSUM-NEXT: %[[SUM:.*]] = arith.addf %[[OLD:arg[0-9]+]], %[[SLICE]] : f32
// TWOSUM-NEXT: %[[BP:.*]] = arith.subf %[[SUM]], %[[OLD]] : f32
// TWOSUM-NEXT: %[[AP:.*]] = arith.subf %[[SUM]], %[[BP]] : f32
// TWOSUM-NEXT: %[[AE:.*]] = arith.subf %[[OLD]], %[[AP]] : f32
// TWOSUM-NEXT: %[[BE:.*]] = arith.subf %[[SLICE]], %[[BP]] : f32
// TWOSUM-NEXT: %[[ERR:.*]] = arith.addf %[[AE]], %[[BE]] : f32
// TWOSUM-NEXT: %[[COMP:.*]] = arith.addf %[[OLDCOMP:arg[0-9]+]], %[[ERR]] : f32
// TWOSUM-NEXT: scf.yield %[[SUM]], %[[COMP]] : f32, f32
// TWOSUM-NEXT: } else {
// TWOSUM-NEXT: scf.yield %[[OLD]], %[[OLDCOMP]] : f32, f32
// TWOSUM: %[[N:.*]] = arith.addf %[[R:[0-9]+]]#[[S:[0-9]+]], %[[R]]#[[K:[0-9]+]] : f32
// TWOSUM-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[R]]#[[K]], %[[R]]#[[K]] : f32
// TWOSUM-NEXT: %[[NORM:.*]] = arith.select %[[NAN]], %[[R]]#[[S]], %[[N]] : f32
// TWOSUM: memref.store %[[NORM]]
// PLAINSUM: gpu.func @gemm_argmin_k0
// PLAINSUM: %[[T0:.*]] = memref.load %arg4[%{{.*}}, %c0{{.*}}, %thread_id_x]
// PLAINSUM-NEXT: llvm.intr.fma(%[[T0]], %[[T0]], %[[OLD:arg[0-9]+]]) : (f32, f32, f32) -> f32
// PLAINSUM: %[[A:.*]] = arith.addf
// PLAINSUM-NEXT: %[[B:.*]] = arith.addf
// PLAINSUM-NEXT: %[[NEW:.*]] = arith.addf %[[A]], %[[B]] : f32
// PLAINSUM-NEXT: scf.yield %[[NEW]] : f32
// PLAINSUM-NEXT: } else {
// PLAINSUM-NEXT: scf.yield %[[OLD]] : f32

// Inputs read in the epilogue along the rows ([n, 1]) or the candidates
// ([k]) keep the tiled schedule: the Gram form with norms the caller
// computed. (A unit dimension beside the row axis sent it to the
// grid-stride schedule, one output element per thread.)
// RUN: fuse-opt %S/Inputs/gram_given_norms.mlir -fuse-fusion-pipeline -fuse-map-to-gpu='expected-rows=4096' | FileCheck %s --check-prefix=GIVEN
// GIVEN: gpu.func @gram_given_norms_k0
// GIVEN-SAME: tiled running minimum: 64x64 block tile
// GIVEN-NOT: grid-stride
