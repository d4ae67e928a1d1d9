#!/usr/bin/env bash
# Session 21, device call 10, after the review: the exchange's remote
# stores addressed from the dynamic base (sharedPtr) as the stages are;
# the probe's kernel against run 9's (ab.py: device-pkg2/v27), and the GPU
# tests of the cluster and few-rows cases (the cluster cases now with
# --cluster-split=1). Carries device-pkg/{bin/fuse-run.xz,
# lib/libfusec_runtime.so,bench-kernels} and device-pkg2/v27.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session21
REPS=40 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/v27 device-pkg/bench-kernels \
  gemm_argmin.probe.3xtf32-wgmma 2>&1 | tee $OUT/ab.txt
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='clusters|fewrows' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'gpu-tests:|FAILED' $OUT/t/gpu-tests.log | tail -5
grep -E '^=== .*exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt; rm -rf $OUT/t
