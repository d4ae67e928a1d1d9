#!/usr/bin/env bash
# Session 43, device call 4: run3.sh (where the certified Gram kernel's
# time goes at d = 1024), and first, on an H200 only, session 40's run3.sh
# (the naive example's default, the certified kernel, on the three large
# shapes beside torch.compile's running tiles and cuBLAS alone; measured
# so far on an H100 only). device-pkg/bk-large: main's naive kernels of
# the large shapes (unchanged by this session: build-kernels.py's output
# for them is byte for byte the one of session 42).
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
here=docs/results/2026-12-07/session43
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$gpu"
if [[ $gpu == *H200* ]]; then
  bench_shapes large-naive device-pkg/bk-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 240 \
    --tiles-large once --no-cupy --no-jax
  grep -E 'running tiles|fusec|cuBLAS' $OUT/large-naive/performance.md |
    grep -v graph | grep ms | head -24 | cut -c1-200
  (cd "$OUT" && tar czf large-naive.tgz large-naive && rm -rf large-naive)
  # What is left of the device time: run3.sh's first comparison.
  REPS=20 NOREF=1 SEPARATED=1 N=16384 K=1024 D=1024 ab sep-k1024d1024 \
    device-pkg/ab/ieee device-pkg/ab/cert gram.k1024d1024
else
  bash $here/run3.sh
fi
echo "done ($(elapsed) s)"
