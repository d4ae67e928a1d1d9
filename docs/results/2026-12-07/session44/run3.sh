#!/usr/bin/env bash
# Session 44, device call 3 (an H200 only): main's kernels, unchanged in
# this session (the grouped replays were measured and reverted).
# 1. The probe with every peer: the certified Gram kernel, the default of
#    the Gram example since session 43, measured so far on an H100 only.
# 2. As far as the call's time goes, the large shapes' naive rows (the
#    certified kernel, the naive example's default, also H100-only).
# Carries device-pkg/lib, device-pkg/bk-probe, device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
[[ $SESSION_GPU == *H200* ]] || { echo "not an H200: nothing run"; exit 0; }
bench_shapes probe device-pkg/bk-probe probe --budget-seconds 80
(cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
if [ $(elapsed) -lt ${LARGE_BEFORE:-200} ]; then
  bench_shapes large-naive device-pkg/bk-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 150 \
    --tiles-large once --no-cupy --no-jax
  (cd "$OUT" && tar czf large-naive.tgz large-naive && rm -rf large-naive)
fi
echo "done ($(elapsed) s)"
