#!/usr/bin/env bash
# Session 18, fourth device call: where the recheck's 14 ms on sample-heavy
# go (run 3: 172.0 ms against 158.0 for 3xtf32 alone): Nsight Compute's
# duration of every kernel of one call of each program.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session18
K=device-pkg/bench-kernels
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout 300 $ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__bytes_read.sum,lts__t_bytes.sum \
  python3 $S/kernels-once.py device-pkg/lib/libfusec_runtime.so \
  $K/gemm_argmin.sample-heavy.3xtf32-wgmma.ptx \
  $K/gemm_argmin.sample-heavy.3xtf32-recheck-wgmma.ptx > $OUT/ncu-recheck.txt 2>&1
echo "rc $?"; grep -E '^  [a-z_0-9]+.*\(|gpu__time_duration|smsp__inst|dram__bytes|lts__t_bytes' $OUT/ncu-recheck.txt | head -40
