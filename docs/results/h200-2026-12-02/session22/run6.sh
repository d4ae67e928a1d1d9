#!/usr/bin/env bash
# Session 22, device call 6: the final kernels (version 28). GPU tests of
# every 3xTF32 case (split producer, tiles, persistent, parts, tails, 192
# rows, recheck, few rows, clusters, sanitizers), the tensor-core check,
# the 3xTF32 NaN / inf edge cases, and the bench on the probe. Carries
# device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,bench-kernels,
# tc-kernels}: with bin/fusec.xz the carry passed the 64 MiB limit, so
# gpu-edge.sh's driver check (which compiles its PTX with fusec; the
# runtime did not change) cannot run and reports FAIL.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='3xtf32|clusters|fewrows' GPU_TEST_TIMEOUT=150 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== .*exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
rm -rf $OUT/t
mkdir -p $OUT/e
OUT=$OUT/e EDGE_ONLY='^tc-wg-(3xtf32|recheck)' scripts/device/gpu-edge.sh > /dev/null 2>&1
echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary; mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; rm -rf $OUT/e
timeout 200 python3 bench/tensor_core_check.py --runtime $R \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/tc-check.err; rm -f $OUT/tc-check.err
timeout 220 python3 bench/bench.py --runtime $R \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 120 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x|tf32-w)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
mv $OUT/bench/performance.md $OUT/bench.md; mv $OUT/bench/*.json $OUT/ 2>/dev/null
mv $OUT/bench/*.png $OUT/roofline.png 2>/dev/null
rm -rf $OUT/bench; gzip $OUT/bench.log
ls $OUT
