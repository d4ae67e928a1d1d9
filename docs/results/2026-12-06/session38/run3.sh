#!/usr/bin/env bash
# Session 38, device call 3: Nsight Compute's counts of call 2 for cuBLAS
# fp16 X @ C^T alone at sample-heavy-f16's shape, on the same card, so
# that the L2 bytes, cycles and tensor-pipe share of fusec's kernel (call
# 2) have their reference in one session. Carries nothing.
set -u
cd "$(dirname "$0")/../../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 150 $ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size,launch__cluster_dim_x \
  -k regex:'gemm|nvjet|sm90' -c 1 python3 docs/results/2026-12-06/session38/ncu-cublas-once.py > $OUT/ncu-cublas.txt 2>&1
echo "ncu rc $?"
grep -E '^  [a-zA-Z_0-9]+.*\(|dram__|lts__|cycles|inst_exec|hmma|launch__' $OUT/ncu-cublas.txt | cut -c1-160
