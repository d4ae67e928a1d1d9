#!/usr/bin/env bash
# Session 46, device call 1: the certified kernels' single-pair replays in
# steps of 64 features where a thread has 168 registers (this session's
# TiledRunningMin.cpp change; session 45's lost branch re-made).
# 1. bench/ab.py, main's kernels (device-pkg/ab/main) against the change
#    (device-pkg/ab/steps64), both built by scripts/device/ab-kernels.sh:
#    the probe's Gram example with ties and on uniform data, the naive
#    example.
# 2. gpu-tests.sh's certified cases with the change's static fuse-run
#    (device-pkg/bin-new; gpu-tests unpacks device-pkg/bin).
# 3. When every certified case passed, bench/bench.py with the change's
#    kernels: the probe with every peer, then, on an H200 only, the large
#    shapes' naive rows (the FMA and certified kernels). device-pkg/bkp is
#    bench/build-kernels.py's output cut to those rows by
#    scripts/device/slim-kernels.py (REGEX in the README), so that the
#    call fits the device tool's 64 MiB.
# Carries device-pkg/rt (libfusec_runtime.so alone), device-pkg/ab,
# device-pkg/bin-new, device-pkg/bkp.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=40
ab steps64-probe device-pkg/ab/main device-pkg/ab/steps64 gram.k256d512
NOTIES=1 ab steps64-probe-uniform device-pkg/ab/main device-pkg/ab/steps64 gram.k256d512
ab steps64-naive device-pkg/ab/main device-pkg/ab/steps64 naive.k256d512
unset REPS
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
if [ ! -s "$OUT/gpu-tests.txt" ] || grep -qv 'exit 0' "$OUT/gpu-tests.txt"; then
  echo "a certified case failed: no bench ($(elapsed) s)"
  exit 0
fi
kernels=device-pkg/bkp
bench_shapes probe "$kernels" probe --budget-seconds 80
(cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
if [[ $SESSION_GPU == *H200* ]] && [ $(elapsed) -lt ${LARGE_BEFORE:-380} ]; then
  bench_shapes large-naive "$kernels" \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 150 \
    --tiles-large once --no-cupy --no-jax --only-kernels \
    '^naive_argmin\.[a-z-]*-heavy\.(auto|3xtf32-certified-wgmma)$'
  (cd "$OUT" && tar czf large-naive.tgz large-naive && rm -rf large-naive)
fi
echo "done ($(elapsed) s)"
