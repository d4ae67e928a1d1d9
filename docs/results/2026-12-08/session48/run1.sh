#!/usr/bin/env bash
# Session 48, device call 1: the certified Gram form past 1024 features
# (native norms in the duty, XC's weighted bound).
# 1. gpu-tests.sh's new certified Gram cases past 1024 features (d = 2052,
#    4096, 8192), with this session's static fuse-run. The kernels up to
#    1024 features are byte-identical to session 47's (checked here on
#    the probe, d = 1024 and the direct form's sample-heavy kernel).
# 2. bench/bench.py on sample-heavy's and centroid-heavy's Gram rows: the FMA
#    kernel (auto on sm_90), plain 3xTF32 and 3xtf32-certified on wgmma,
#    beside cuBLAS X@C^T alone and torch (eager and compile) Gram.
# device-pkg/bk48: bench/build-kernels.py's output cut by
# scripts/device/slim-kernels.py to
#   '^gemm_argmin\.(sample|centroid)-heavy\.(auto|3xtf32-wgmma|3xtf32-certified-wgmma)$'
# Carries device-pkg/rt, device-pkg/bin-new, device-pkg/bk48.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
use_new_fuse_run
gpu_tests 'certgram-native' 130
shapes=sample-heavy
[ $(elapsed) -lt 150 ] && shapes=sample-heavy,centroid-heavy
bench_shapes large-gram device-pkg/bk48 $shapes \
  --budget-seconds 90 --tiles-large skip --no-cupy --no-jax
(cd "$OUT" && tar czf large-gram.tgz large-gram && rm -rf large-gram)
echo "done ($(elapsed) s)"
