#!/usr/bin/env bash
# Session 21, device call 6: Nsight Compute's full set and the SASS source
# view of version 27's probe 3xTF32 kernel (64x128 tiles, parts in
# clusters of two), for scripts/ncu-stalls.py here.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p $OUT
OUT=$OUT scripts/device/ncu-full.sh -k gemm_argmin_k0 -s 2 device-pkg/lib/libfusec_runtime.so \
  device-pkg/bench-kernels/gemm_argmin.probe.3xtf32-wgmma.ptx
zcat $OUT/gemm_argmin.probe.3xtf32-wgmma.details.txt.gz | grep -E 'Duration|Elapsed Cycles|SM Frequency|Tensor|Issue Slots Busy|Warp Cycles Per Issued|Registers Per|Achieved Occupancy|L2 Hit|DRAM Throughput|Executed Ipc' | head -30
