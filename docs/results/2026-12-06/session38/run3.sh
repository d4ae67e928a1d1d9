#!/usr/bin/env bash
# Session 38, device call 3: Nsight Compute's counts of call 2 for cuBLAS
# fp16 X @ C^T alone at sample-heavy-f16's shape, on the same card, so
# that the L2 bytes, cycles and tensor-pipe share of fusec's kernel (call
# 2) have their reference in one session. ncu-f16-once.py runs cuBLAS
# before fusec's kernel; the regex takes cuBLAS's. Carries
# device-pkg/lib/libfusec_runtime.so and device-pkg10.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
NCU_EXTRA=dram__bytes_write.sum,launch__grid_size,launch__block_size,launch__cluster_dim_x \
  ncu_counts ncu-cublas 'nvjet|xmma|cutlass|sm90_' python3 \
  docs/results/h200-2026-12-01/session17/ncu-f16-once.py "$SESSION_RUNTIME" \
  device-pkg10/a/gemm_argmin_f16.sample-heavy-f16.wgmma.ptx
