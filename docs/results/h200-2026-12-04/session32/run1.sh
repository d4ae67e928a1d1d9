#!/usr/bin/env bash
# Session 32, device call 1 (device-pkg from scripts/device/package.sh at
# the commit that adds this file; its bench kernels are version 36's):
#  1. gpu-tests.sh's FMA cases, the new candidate parts on full rows
#     (fma-parts-*) among them;
#  2. the bench on the three large f32 shapes (running tiles skipped).
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
. scripts/device/bin-env.sh
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='^fma' GPU_TEST_TIMEOUT=120 \
  timeout 200 scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== [^:]*: exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
echo "gpu tests done ($(( $(date +%s) - T0 )) s)"
timeout 400 python3 bench/bench.py --runtime $R --kernels $K \
  --predictions $K/predictions.json --out $OUT/large --budget-seconds 300 \
  --shapes sample-heavy,centroid-heavy,feature-heavy --tiles-large skip \
  --no-cupy --no-jax > $OUT/large.log 2>&1
echo "large rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^target' $OUT/large.log | cut -c1-200
grep -E '^\| [a-z-]+ \| (fusec|cuBLAS)' $OUT/large/performance.md | cut -c1-160
mv $OUT/large/performance.md $OUT/large.md; mv $OUT/large/results.json $OUT/large.json
mv $OUT/large/*.png $OUT/large.png 2>/dev/null
rm -rf $OUT/large; gzip $OUT/large.log
ls -la $OUT
