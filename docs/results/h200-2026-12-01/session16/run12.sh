#!/usr/bin/env bash
# Session 16, twelfth device call: the persistent kernels' short last round
# as single candidate tiles (version 22). GPU tests of the wgmma cases (the
# new tail cases and their sanitizer runs among them), the fp16 kernel's
# time at 30 to 32 rounds before and after, and the sample-heavy-f16 bench.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=$OUT/t TESTS_ONLY='^tc-wg' GPU_TEST_TIMEOUT=90 timeout 200 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E "^=== .*exit" $OUT/t/gpu-tests.log | awk '{print $2, $4}' | tr '\n' ' '; echo; tail -1 $OUT/gpu-tests.out
for v in v21 v22; do
  OUT=$OUT timeout 40 python3 $S/f16-tail.py device-pkg/lib/libfusec_runtime.so $S/f16-kernels/$v.sample-heavy-f16.wgmma.ptx > $OUT/f16-tail-$v.log 2>&1
  echo "$v rc $?"; tail -1 $OUT/f16-tail-$v.log; mv $OUT/f16-tail.json $OUT/f16-tail-$v.json
done
timeout 90 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/bench-kernels --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench --budget-seconds 60 --shapes sample-heavy-f16 --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep "^target" $OUT/bench.log
