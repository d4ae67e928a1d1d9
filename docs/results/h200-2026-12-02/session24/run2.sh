#!/usr/bin/env bash
# Session 24, device call 2: the probe's 3xTF32 and TF32 wgmma kernels
# (version 29, unchanged) at n = 1024, 2048, 3072 and 4096 rows (32, 64,
# 96 and 128 blocks of 64x128, 16 slices each): if a slice's cost falls
# with fewer blocks, a resource the SMs share (the L2) sets it; if not,
# each block's own pipeline does. Each build against itself (ABBA).
# Carries build/lib/libfusec_runtime.so, device-pkg2/v29.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
{
for n in 1024 2048 3072 4096; do
  echo "== n=$n"
  N=$n REPS=40 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/v29 \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
