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
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=${OUT:-/tmp/fusec-out}; mkdir -p "$OUT"
R=device-pkg/lib/libfusec_runtime.so
K=device-pkg2/certified-large
T0=$(date +%s)
timeout 560 python3 bench/bench.py --runtime $R --kernels $K \
  --predictions $K/predictions.json --out $OUT/cl --budget-seconds 400 \
  --shapes sample-heavy,centroid-heavy,feature-heavy --tiles-large once \
  --no-cupy --no-jax > $OUT/cl.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^target' $OUT/cl.log | grep -E 'naive' | cut -c1-220
grep -E 'running tiles|fusec|cuBLAS' $OUT/cl/performance.md | grep -v graph | grep ms | head -24 | cut -c1-200
mv $OUT/cl/performance.md $OUT/cl.md; mv $OUT/cl/results.json $OUT/cl.json
mv $OUT/cl/*.png $OUT/cl.png 2>/dev/null; rm -rf $OUT/cl; gzip $OUT/cl.log
ls -la $OUT
