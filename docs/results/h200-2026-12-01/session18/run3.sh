#!/usr/bin/env bash
# Session 18, third device call: the merge entry reads its chains by 16-byte loads
# (run 2: shuffles, 10 ms of sample-heavy). GPU tests of
# --precision=3xtf32-recheck, then the whole bench
# on the probe, the three large f32 shapes and sample-heavy-f16.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='recheck' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|FAILED|gpu-tests:' $OUT/t/gpu-tests.log | tail -14
timeout 500 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench \
  --budget-seconds 380 \
  --shapes probe,sample-heavy,centroid-heavy,feature-heavy,sample-heavy-f16 \
  --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep -E 'recheck' $OUT/bench.log | grep -E 'µs|ms' | tail -8
grep -E '^target' $OUT/bench.log | tail -60
