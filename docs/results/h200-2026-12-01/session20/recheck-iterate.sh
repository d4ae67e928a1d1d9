#!/usr/bin/env bash
# Session 20, device calls 2, 3, 5, 7, 8 and 10 (one per version of the staged
# recheck merge; README.md says which): GPU tests of the recheck (fuse-run
# against the float64 reference; the d = 1024 and d = 160 cases too), the
# tensor-core check, every kernel of the probe's recheck programs under
# Nsight Compute (third call of each, warm), and the bench on the probe.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,
# bench-kernels,tc-kernels} from scripts/device/package.sh.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session20
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='recheck|fewrows' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|gpu-tests:|FAILED' $OUT/t/gpu-tests.log
mv $OUT/t/gpu-tests.log $OUT/gpu-tests.log; rm -rf $OUT/t
timeout 200 python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/tc-check.err; rm -f $OUT/tc-check.err
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
REPEAT=3 timeout 150 $ncu --metrics gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size \
  python3 docs/results/h200-2026-12-01/session19/kernels-once.py device-pkg/lib/libfusec_runtime.so \
  $K/gemm_argmin.probe.3xtf32-recheck-wgmma.ptx $K/gemm_argmin.probe.3xtf32-recheck.ptx > $OUT/ncu-probe.txt 2>&1
echo "ncu rc $?"; grep -E '^  [a-z_]+.*\(|gpu__time_duration' $OUT/ncu-probe.txt | tail -24
timeout 300 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 200 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
ls -R $OUT
