#!/usr/bin/env bash
# Session 29, device call 3 (the same device-pkg as run1.sh and run2.sh):
#  1. bench/tensor_core_check.py on the packaged tensor-core check kernels;
#  2. gpu-tests.sh's 3xTF32, cluster and few-rows cases (memcheck and
#     racecheck among them) on the packaged build;
#  3. gpu-edge.sh's 3xTF32 and recheck cases;
#  4. the bench on sample-heavy with torch.compile's running tiles timed
#     once (--tiles-large once), the fusec rows cut to the auto and
#     3xtf32-wgmma kernels (device-pkg2/sample-heavy-kernels, a subset of
#     the packaged manifest) so that the call fits.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,tc-kernels}
# and device-pkg2/sample-heavy-kernels.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
timeout 150 python3 bench/tensor_core_check.py --runtime $R \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $? ($(( $(date +%s) - T0 )) s)"; tail -1 $OUT/tc-check.err
. scripts/device/bin-env.sh
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='3xtf32|clusters|fewrows' GPU_TEST_TIMEOUT=120 \
  timeout 200 scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== [^:]*: exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
mkdir -p $OUT/e
OUT=$OUT/e EDGE_ONLY='^tc-wg-(3xtf32|recheck)' timeout 80 scripts/device/gpu-edge.sh > /dev/null 2>&1
echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary; mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; rm -rf $OUT/e
echo "gpu tests done ($(( $(date +%s) - T0 )) s)"
K=device-pkg2/sample-heavy-kernels
timeout 200 python3 bench/bench.py --runtime $R --kernels $K \
  --predictions $K/predictions.json --out $OUT/sh --budget-seconds 150 \
  --shapes sample-heavy --tiles-large once --no-cupy --no-jax > $OUT/sh.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^target' $OUT/sh.log | cut -c1-200
grep -E 'running tiles|naive_argmin.sample-heavy.auto|cuBLAS' $OUT/sh/performance.md | head -4 | cut -c1-200
mv $OUT/sh/performance.md $OUT/sh.md; mv $OUT/sh/results.json $OUT/sh.json; rm -rf $OUT/sh; gzip $OUT/sh.log
mkdir -p $OUT/r && mv $OUT/tc-check.* $OUT/gpu-tests.* $OUT/gpu-edge.summary $OUT/sh.* $OUT/r/
tar -C $OUT -czf $OUT/run3.tgz r && rm -rf $OUT/r
ls -la $OUT
