#!/usr/bin/env bash
# Session 29, device call 1 (device-pkg from scripts/device/package.sh at
# b520b90 plus the temporary FUSEC_EXP switch, which is off unless set):
#  1. A/B of the probe's 3xTF32 kernel: the packaged one against
#     FUSEC_EXP=warparrive (the split producers arrive on the full barrier
#     once a warp, after a warp barrier, instead of once a thread);
#  2. gpu-tests.sh's 3xTF32, cluster and few-rows cases (memcheck and
#     racecheck among them) with FUSEC_EXP=warparrive, so that fuse-run
#     compiles the warp-arrival kernels;
#  3. the bench on the probe with CuPy and JAX (the packaged kernels, the
#     naive example with --allow-reassociation among them).
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,
# bench-kernels,tc-kernels} and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
E=device-pkg2/exp
REPS=40 python3 bench/ab.py $R $K $E/warparrive gemm_argmin.probe.3xtf32-wgmma > $OUT/ab.txt 2>&1
cat $OUT/ab.txt
echo "ab done ($(( $(date +%s) - T0 )) s)"
. scripts/device/bin-env.sh
mkdir -p $OUT/t
FUSEC_EXP=warparrive OUT=$OUT/t TESTS_ONLY='3xtf32|clusters|fewrows' GPU_TEST_TIMEOUT=120 \
  timeout 200 scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== [^:]*: exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
echo "gpu tests done ($(( $(date +%s) - T0 )) s)"
timeout 250 python3 bench/bench.py --runtime $R \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 150 --shapes probe > $OUT/bench.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^\| probe \| (fusec (gemm|naive)_argmin.probe.(auto|3x|tf32-w|reassoc)|cuBLAS|torch.compile, Gram|CuPy|JAX)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
mv $OUT/bench/performance.md $OUT/bench.md; mv $OUT/bench/*.json $OUT/ 2>/dev/null
mv $OUT/bench/*.png $OUT/roofline.png 2>/dev/null
rm -rf $OUT/bench; gzip $OUT/bench.log
mkdir -p $OUT/r && mv $OUT/gpu-tests.* $OUT/bench.log.gz $OUT/*.json $OUT/roofline.png $OUT/bench.md $OUT/ab.txt $OUT/r/ 2>/dev/null
tar -C $OUT -czf $OUT/run1.tgz r && rm -rf $OUT/r
ls -la $OUT
