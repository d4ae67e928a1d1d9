#!/usr/bin/env bash
# Session 34, device call 2 (prepared in session 34, which was lent no
# GPU): the bench on the three large f32 shapes with torch.compile's
# running tiles timed once, the fusec rows cut to the naive example's
# kernels (device-pkg2/certified-large, from cut-kernels.py: the direct
# form's auto kernel, 3xtf32-certified-wgmma and reassoc-3xtf32-wgmma),
# for the certified rows' targets: at most 2.0x cuBLAS alone, at least 7x
# faster than the running tiles, peak at most labels + 1 MiB, labels equal
# to the direct form kernel's. Before the call, here:
#   scripts/device/package.sh
#   python3 docs/results/h200-2026-12-04/session34/cut-kernels.py \
#     device-pkg/bench-kernels device-pkg2/certified-large \
#     '^naive_argmin\.(sample|centroid|feature)-heavy\.(auto|3xtf32-certified-wgmma|reassoc-3xtf32-wgmma)$'
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg2/certified-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
bench_shapes certified-large device-pkg2/certified-large \
  sample-heavy,centroid-heavy,feature-heavy --budget-seconds 400 \
  --tiles-large once --no-cupy --no-jax
grep -E 'running tiles|fusec|cuBLAS' $OUT/certified-large/performance.md |
  grep -v graph | grep ms | head -24 | cut -c1-200
echo "done ($(elapsed) s)"
