#!/usr/bin/env bash
# Session 27, device call 13: the kept build (version 33 with the
# consumers' row fragments loaded together; device-pkg from
# scripts/device/package.sh).
#  1. bench/tensor_core_check.py (every tensor-core kernel against float64);
#  2. the bench on the probe;
#  3. A/B of the probe's 3xTF32 kernel, version 32 (device-pkg2/exp/v32)
#     against the packaged one;
#  4. gpu-tests.sh's 3xTF32, cluster and few-rows cases (memcheck and
#     racecheck among them) and gpu-edge.sh's 3xTF32 / recheck cases.
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
E=device-pkg2/exp
REPS=40 python3 bench/ab.py $R $E/v32 $K gemm_argmin.probe.3xtf32-wgmma > $OUT/ab.txt 2>&1
cat $OUT/ab.txt

echo "ab done ($(( $(date +%s) - T0 )) s)"
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
ls $OUT
mkdir -p $OUT/r && mv $OUT/tc-check.* $OUT/gpu-tests.* $OUT/bench.log.gz $OUT/results.json $OUT/roofline.png $OUT/r/ 2>/dev/null
tar -C $OUT -czf $OUT/run13.tgz r && rm -rf $OUT/r
