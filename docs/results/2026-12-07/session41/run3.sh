#!/usr/bin/env bash
# Session 41, device call 3: the scan without its candidate bound where a
# static k is a multiple of the candidate tile (lib/Conversion/
# TiledRunningMin.cpp, columnsInBounds). device-pkg/scan-old holds main's
# kernels (96b2d5b), device-pkg/scan-new this commit's, for the bench
# kernels whose PTX changed.
# 1. bench/ab.py: labels must be equal in every pair; times side by side.
# 2. gpu-tests.sh with this commit's static fuse-run: the tensor-core and
#    FMA cases with static tile-multiple k (probe shapes, ties, persistent
#    parts), against the reference evaluator.
# Carries device-pkg/lib, device-pkg/bin (fuse-run.xz), device-pkg/scan-old,
# device-pkg/scan-new, and device-pkg/bk-large-naive for an H200.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# On an H200 first: the large shapes' naive rows (session 40's run3.sh,
# device-pkg/bk-large-naive), which issue 7 asks for on that card and which
# were measured on H100s only.
# LARGE=1 asks for them (the device time left may not hold both).
if [ -n "${LARGE:-}" ] &&
  nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 &&
  [ -d device-pkg/bk-large-naive ]; then
  bench_shapes large-naive device-pkg/bk-large-naive \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 200 \
    --tiles-large once --no-cupy --no-jax
  grep -E '^\| [a-z-]+ \| (naive|fusec|cuBLAS|torch.compile, running)' \
    $OUT/large-naive/performance.md | grep -v graph | cut -c1-220 | head -30
fi
old=device-pkg/scan-old new=device-pkg/scan-new
REPS=10 NOREF=1 N=131072 K=8192 D=8192 ab ab-f16 $old $new \
  gemm_argmin_f16.sample-heavy-f16.wgmma
REPS=5 NOREF=1 N=131072 K=8192 D=8192 ab ab-f32 $old $new \
  gemm_argmin.sample-heavy.3xtf32-wgmma gemm_argmin.sample-heavy.auto \
  gemm_argmin.sample-heavy.3xtf32-recheck-wgmma
REPS=40 ab ab-probe $old $new gemm_argmin.probe.auto \
  gemm_argmin.probe.3xtf32-recheck-wgmma
REPS=40 ab ab-probe-f16 $old $new gemm_argmin_f16.probe-f16.auto
. scripts/device/bin-env.sh
gpu_tests 'probe|ties|parts|tc-wg-persist|tc-wg-f16$|tc-wg-3xtf32$' \
  $((200 - $(elapsed)))
echo "done ($(elapsed) s)"
