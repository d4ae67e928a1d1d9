#!/usr/bin/env bash
# Session 23, device call 9: the probe's 3xTF32 and TF32 wgmma kernels
# (version 28, unchanged) at d = 128, 256, 384, 512 features
# (4 to 16 slices, n = 4096, k = 256): the time against the slice count
# separates a slice's cost from the call's fixed cost.
# Carries build/lib/libfusec_runtime.so, device-pkg2/d{128,256,384,512}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for d in 128 256 384 512; do
  echo "== d=$d"
  D=$d REPS=60 python3 $AB $R device-pkg2/d$d device-pkg2/d$d \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
