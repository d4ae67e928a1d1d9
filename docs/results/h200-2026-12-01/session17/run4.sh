#!/usr/bin/env bash
# Session 17, fourth device call: the bench with each long row's SM clock
# and power (NVML), on the probe, the three large f32 shapes and
# sample-heavy-f16 (version 22's kernels, unchanged since session 16).
set -u
cd "$(dirname "$0")/../../../.."
timeout 560 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench \
  --budget-seconds 400 \
  --shapes probe,sample-heavy,centroid-heavy,feature-heavy,sample-heavy-f16 \
  --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "rc $?"; tail -5 $OUT/bench.log
