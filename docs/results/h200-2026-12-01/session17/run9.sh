#!/usr/bin/env bash
# Session 17, ninth device call: GPU tests of every wgmma kernel family
# (tc-wg cases, memcheck and racecheck included) with the
# warp-uniform warpgroup index; then the fp16 bench rows with clocks.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=$OUT/t TESTS_ONLY='^tc-wg' GPU_TEST_TIMEOUT=90 timeout 300 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E "^=== .*exit" $OUT/t/gpu-tests.log | awk '{print $2, $4}' | tr '\n' ' '; echo; tail -2 $OUT/gpu-tests.out
timeout 150 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/bench-kernels --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench --budget-seconds 100 --shapes probe-f16,sample-heavy-f16 --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep "^target" $OUT/bench.log
