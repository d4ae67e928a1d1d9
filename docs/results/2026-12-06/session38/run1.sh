#!/usr/bin/env bash
# Session 38, device call 1: the bench of sample-heavy-f16 and probe-f16
# with the kernels on main (2cf07c4: version 40's, version 41 reverted)
# beside cuBLAS fp16 alone and torch.compile; then session 37's throttle
# experiment (its call 5, never run): bench/ab.py of sample-heavy-f16's
# wgmma kernel (a) against itself with its blocks held within W = 8 and
# 32 slices of their part's mean (a8, a32;
# docs/results/2026-12-06/session37/throttle.py). Labels must be equal.
# Carries device-pkg (bench-kernels: build-kernels.py and predictions.py
# of build/bin/fusec; lib/libfusec_runtime.so) and device-pkg10.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
bench_shapes f16 device-pkg/bench-kernels sample-heavy-f16,probe-f16 --budget-seconds 150 --no-cupy --no-jax
grep -E 'fusec|cuBLAS|torch' $OUT/f16/performance.md | grep -E 'ms|µs|us' | head -20 | cut -c1-220
K=gemm_argmin_f16.sample-heavy-f16.wgmma
for w in a8 a32; do
  N=131072 K=8192 D=8192 REPS=10 NOREF=1 ab ab-a-$w device-pkg10/a device-pkg10/$w $K
done
echo "done ($(elapsed) s)"
