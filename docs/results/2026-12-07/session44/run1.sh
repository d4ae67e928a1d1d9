#!/usr/bin/env bash
# Session 44, device call 1: kernels unchanged since session 43.
# 1. The probe's certified Gram kernel split into its walk and its
#    replays: bench/ab.py, ieee against 3xtf32-certified at 4096 x 256 x
#    512, once with SEPARATED=1 (every row decided by its bounds: the walk
#    alone) and once with NOTIES=1 (bench.py's uniform data: the walk plus
#    the open rows' replays).
# 2. On an H200: the probe with every peer, then the large shapes' naive
#    rows (the default, the certified kernel, measured so far on an H100
#    only). On an H100: session 43's run3.sh (the same split at d = 1024).
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bk-probe,
# device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
echo "$gpu"
export REPS=40
SEPARATED=1 ab sep-probe device-pkg/ab/ieee device-pkg/ab/cert gram.k256d512
NOTIES=1 ab uniform-probe device-pkg/ab/ieee device-pkg/ab/cert gram.k256d512
unset REPS
if [[ $gpu == *H200* ]]; then
  bench_shapes probe device-pkg/bk-probe probe --budget-seconds 90
  (cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
  [ $(elapsed) -lt 200 ] && bench_shapes large-naive device-pkg/bk-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 240 \
    --tiles-large once --no-cupy --no-jax
  grep -E 'running tiles|fusec|cuBLAS' $OUT/large-naive/performance.md |
    grep -v graph | grep ms | head -24 | cut -c1-200
  (cd "$OUT" && tar czf large-naive.tgz large-naive && rm -rf large-naive)
else
  bash docs/results/2026-12-07/session43/run3.sh
fi
echo "done ($(elapsed) s)"
