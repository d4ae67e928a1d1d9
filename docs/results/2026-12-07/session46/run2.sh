#!/usr/bin/env bash
# Session 46, device call 2 (an H200 only): bench/bench.py with main's
# kernels (this session's; the steps of 64 features change only the
# certified kernels, none of which runs here) on issue 8's large shapes:
# sample-heavy-f16 (the wgmma kernel against cuBLAS fp16 alone; session
# 41's scan without the candidate bound has not run on an H200), then the
# three large f32 shapes' Gram rows (the FMA kernel, the default there,
# 3xTF32 and 3xTF32-recheck on wgmma), torch.compile's running tiles
# skipped (the naive rows of call 1 have them).
# device-pkg/bkp2: bench/build-kernels.py's output cut by
# scripts/device/slim-kernels.py to
#   '^gemm_argmin\.[a-z-]*-heavy\.(auto|3xtf32-wgmma|3xtf32-recheck-wgmma)$|^gemm_argmin_f16\.sample-heavy-f16\.(auto|wgmma)$'
# Carries device-pkg/rt, device-pkg/bkp2.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
[[ $SESSION_GPU == *H200* ]] || { echo "not an H200: nothing run"; exit 0; }
bench_shapes issue8 device-pkg/bkp2 \
  sample-heavy-f16,sample-heavy,centroid-heavy,feature-heavy \
  --budget-seconds 420 --tiles-large skip --no-cupy --no-jax
(cd "$OUT" && tar czf issue8.tgz issue8 && rm -rf issue8)
echo "done ($(elapsed) s)"
