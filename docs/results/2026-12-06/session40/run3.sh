#!/usr/bin/env bash
# Session 40, device call 3 (for the next session): the naive example's
# default on the large shapes, on the H200 if the device tool lends one.
# Since --precision=auto the JIT's default there is the certified kernel
# (the bench's naive_argmin.<shape>.3xtf32-certified-wgmma rows; the
# `.auto` rows are the command line's sm_90 default, the FMA kernel).
# Issue 7 asks for the naive example at 7x torch.compile's running tiles
# and 2.0x cuBLAS alone, on the H200: measured so far on an H100 only.
# device-pkg/bk-large-naive: the six naive kernels of the three large
# shapes from main's bench kernels (README, "Next").
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg/bk-large-naive.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench_shapes large-naive device-pkg/bk-large-naive \
  sample-heavy,centroid-heavy,feature-heavy --budget-seconds 300 \
  --tiles-large once --no-cupy --no-jax
grep -E 'running tiles|fusec|cuBLAS' $OUT/large-naive/performance.md |
  grep -v graph | grep ms | head -24 | cut -c1-200
echo "done ($(elapsed) s)"
