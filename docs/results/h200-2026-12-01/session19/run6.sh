#!/usr/bin/env bash
# Session 19, sixth device call: the staged recheck merge by cp.async, two steps ahead
# on few rows (a warp a block). GPU tests, the tensor-core check, every kernel of the probe's
# 3xTF32 programs under Nsight Compute (the third call of each, warm), and
# the bench on the probe.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session19
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='fewrows|recheck|staged' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|gpu-tests:' $OUT/t/gpu-tests.log | tee $OUT/gpu-tests-summary.txt
timeout 200 python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/tc-check.err
grep recheck-wgmma.probe $OUT/tc-check.jsonl | cut -c1-250
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
REPEAT=3 timeout 150 $ncu --metrics gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size \
  python3 $S/kernels-once.py device-pkg/lib/libfusec_runtime.so \
  $K/gemm_argmin.probe.3xtf32-wgmma.ptx $K/gemm_argmin.probe.3xtf32-recheck-wgmma.ptx \
  $K/gemm_argmin.probe.3xtf32-recheck.ptx > $OUT/ncu-probe.txt 2>&1
echo "ncu rc $?"; grep -E '^  [a-z_]+.*\(|gpu__time_duration|launch__grid_size|sm__throughput' $OUT/ncu-probe.txt | tail -44
timeout 300 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench \
  --budget-seconds 230 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-230
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
