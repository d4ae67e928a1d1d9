#!/usr/bin/env bash
# Session 17, thirteenth device call: why sample-heavy's tf32 wgmma kernel
# ran 1.55x slower with the warp-uniform warpgroup index: Nsight Compute's
# counters and warp states for both kernels at 32768 rows.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout 200 $ncu --section SpeedOfLight --section WarpStateStats --section SchedulerStats --metrics smsp__inst_executed.sum,gpc__cycles_elapsed.max,lts__t_bytes.sum,dram__bytes_read.sum \
  -k regex:'gemm_argmin_k0$' -c 2 env N=32768 python3 $S/ncu-tf32-once.py device-pkg/lib/libfusec_runtime.so $S/tf32-kernels/v22.ptx $S/tf32-kernels/uniform-a.ptx > $OUT/ncu-tf32.txt 2>&1
echo "rc $?"; grep -E "gemm_argmin_k0|Duration|Elapsed Cycles|smsp__inst_executed.sum|lts__t_bytes|dram__bytes|Stall|Warp Cycles Per Issued|Issued Warp|No Eligible|Compute \(SM\)|Memory Throughput" $OUT/ncu-tf32.txt | head -60
