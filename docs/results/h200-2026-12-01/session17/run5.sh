#!/usr/bin/env bash
# Session 17, fifth device call: what each sample-heavy-f16 kernel moves and
# issues (Nsight Compute counters: DRAM and L2 bytes, instructions, cycles),
# cuBLAS fp16 X @ C.T beside fusec's version 22 kernel.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $ncu"
timeout 400 $ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,smsp__inst_executed.sum,gpc__cycles_elapsed.max,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_alu.sum \
  -k regex:'gemm|nvjet|cutlass|sm90' -c 2 env N=131072 python3 $S/ncu-f16-once.py device-pkg/lib/libfusec_runtime.so $S/f16-gin/plain-v22.ptx > $OUT/ncu-f16.txt 2>&1
echo "rc $?"; grep -E "^  [a-zA-Z_]|dram__|lts__|smsp__|gpc__|sm__|==PROF==|ERR" $OUT/ncu-f16.txt | head -40
