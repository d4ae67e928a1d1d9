#!/usr/bin/env bash
# Session 18, fifth device call: the merge entry as a thread per row with
# 16-byte loads (run 4: a warp per row took 17.6 ms of sample-heavy under
# Nsight Compute). GPU tests of --precision=3xtf32-recheck, every kernel of
# one call under Nsight Compute, then the whole bench on the probe, the
# three large f32 shapes and sample-heavy-f16.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session18
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='recheck' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|FAILED|gpu-tests:' $OUT/t/gpu-tests.log | tail -10
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout 120 $ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__bytes_read.sum \
  -k regex:gemm_argmin python3 $S/kernels-once.py device-pkg/lib/libfusec_runtime.so \
  $K/gemm_argmin.sample-heavy.3xtf32-recheck-wgmma.ptx > $OUT/ncu-recheck.txt 2>&1
echo "ncu rc $?"; grep -E '^  gemm_argmin|gpu__time_duration|smsp__inst|dram__bytes' $OUT/ncu-recheck.txt
timeout 450 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench \
  --budget-seconds 380 \
  --shapes probe,sample-heavy,centroid-heavy,feature-heavy,sample-heavy-f16 \
  --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep -E 'recheck' $OUT/bench.log | grep -E 'µs|ms' | tail -6
grep -E '^target' $OUT/bench.log | grep -E 'recheck|MISSED' | head -40
