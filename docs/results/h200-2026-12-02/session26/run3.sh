#!/usr/bin/env bash
# Session 26, device call 3 (the only one after call 1 that the device
# machine granted): the kept build (version 32, device-pkg from
# scripts/device/package.sh) and the experiments prepared for call 2.
#  1. bench/tensor_core_check.py (every tensor-core kernel against float64,
#     the odd shape k = 1000, d = 200 among them);
#  2. the bench on the probe;
#  3. call 2's experiments (run2.sh: orders of the split producer's slice,
#     knock-outs of the fixed part, the d sweep; FUSEC_EXP builds in
#     device-pkg2/exp, not in the tree);
#  4. gpu-tests.sh's 3xTF32, cluster and few-rows cases and gpu-edge.sh's
#     3xTF32 / recheck cases;
#  5. the bench on the three large f32 shapes (their kernels are version
#     30's: no large-shape bench since 2026-12-01 05:47).
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,
# bench-kernels,tc-kernels} and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
timeout 150 python3 bench/tensor_core_check.py --runtime $R \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $? ($(( $(date +%s) - T0 )) s)"; tail -1 $OUT/tc-check.err
timeout 200 python3 bench/bench.py --runtime $R \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 120 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x|tf32-w)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
mv $OUT/bench/performance.md $OUT/bench.md; mv $OUT/bench/*.json $OUT/ 2>/dev/null
mv $OUT/bench/*.png $OUT/roofline.png 2>/dev/null
rm -rf $OUT/bench; gzip $OUT/bench.log
sed -i 's#^R=build/lib/libfusec_runtime.so#R=device-pkg/lib/libfusec_runtime.so#' \
  docs/results/h200-2026-12-02/session26/run2.sh
timeout 120 bash docs/results/h200-2026-12-02/session26/run2.sh > /dev/null 2>&1
mv $OUT/ab.txt $OUT/run2-ab.txt 2>/dev/null
echo "experiments done ($(( $(date +%s) - T0 )) s)"
if [ -f device-pkg/bin/fuse-run.xz ]; then
  . scripts/device/bin-env.sh
  mkdir -p $OUT/t
  OUT=$OUT/t TESTS_ONLY='3xtf32|clusters|fewrows' GPU_TEST_TIMEOUT=120 \
    timeout 150 scripts/device/gpu-tests.sh > /dev/null 2>&1
  echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
  grep -E '^=== .*exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
  echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
  rm -rf $OUT/t
  mkdir -p $OUT/e
  OUT=$OUT/e EDGE_ONLY='^tc-wg-(3xtf32|recheck)' timeout 60 scripts/device/gpu-edge.sh > /dev/null 2>&1
  echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary; mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; rm -rf $OUT/e
  echo "gpu tests done ($(( $(date +%s) - T0 )) s)"
fi
LEFT=$(( 560 - ($(date +%s) - T0) ))
if [ $LEFT -gt 120 ]; then
  timeout $LEFT python3 bench/bench.py --runtime $R \
    --kernels $K --predictions $K/predictions.json --out $OUT/large \
    --budget-seconds $(( LEFT - 50 )) --shapes sample-heavy,centroid-heavy,feature-heavy \
    --tiles-large skip --no-cupy --no-jax > $OUT/large.log 2>&1
  echo "large bench rc $? ($(( $(date +%s) - T0 )) s)"
  grep -E '^target' $OUT/large.log | cut -c1-220
  mv $OUT/large/performance.md $OUT/large.md 2>/dev/null
  for f in $OUT/large/*.json; do mv $f $OUT/large-$(basename $f); done 2>/dev/null
  mv $OUT/large/*.png $OUT/roofline-large.png 2>/dev/null
  rm -rf $OUT/large; gzip $OUT/large.log
fi
ls $OUT
