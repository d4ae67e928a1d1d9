#!/usr/bin/env bash
# Session 22, device call 3: the split producer sums the candidate norms
# (producerDuty). GPU tests of every 3xTF32 case (split producer, tiles,
# persistent, parts, tails, 192 rows, recheck, few rows, clusters,
# sanitizers), the tensor-core check, A/B against version 27 (labels
# compared, times alternating) on the probe and on sample-heavy, and the
# bench on the probe. Carries device-pkg/{bin/fuse-run.xz,
# lib/libfusec_runtime.so,bench-kernels,tc-kernels} and device-pkg2/v27full
# (version 27's bench kernels).
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-02/session22
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
python3 $S/ab.py $R device-pkg2/v27full $K \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1 | tee $OUT/ab.txt
N=131072 K=8192 D=8192 REPS=10 NOREF=1 python3 $S/ab.py $R device-pkg2/v27full $K \
  gemm_argmin.sample-heavy.3xtf32-wgmma 2>&1 | tee -a $OUT/ab.txt
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='3xtf32|clusters|fewrows' GPU_TEST_TIMEOUT=150 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== .*exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
grep -c 'exit 0' $OUT/gpu-tests.txt
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
timeout 200 python3 bench/tensor_core_check.py --runtime $R \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/tc-check.err; rm -f $OUT/tc-check.err
timeout 200 python3 bench/bench.py --runtime $R \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 120 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x|tf32-w)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
mv $OUT/bench/performance.md $OUT/bench.md; mv $OUT/bench/*.json $OUT/ 2>/dev/null
rm -rf $OUT/bench; gzip $OUT/bench.log
ls $OUT
