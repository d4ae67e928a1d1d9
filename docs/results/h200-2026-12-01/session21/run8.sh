#!/usr/bin/env bash
# Session 21, device call 8: the few rows' split producer zeroes a
# non-finite candidate element's small part, and the candidate duty drops
# its select (smallPartGuarded). GPU tests of the cluster and few-rows
# cases, the NaN / inf edge cases of the few-rows kernels (plain, memcheck,
# racecheck), the two changed probe kernels against version 27's first
# build (ab.py: device-pkg2/v27 against device-pkg2/k3), and the bench on
# the probe. Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,
# bench-kernels} and device-pkg2/{v27,k3}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session21
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='clusters|fewrows' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'gpu-tests:|FAILED' $OUT/t/gpu-tests.log | tail -5
grep -E '^=== .*exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt; rm -rf $OUT/t
OUT=$OUT EDGE_ONLY='^tc-wg-(3xtf32|recheck)-few' scripts/device/gpu-edge.sh > $OUT/gpu-edge.out 2>&1
echo "gpu-edge rc $?"; tail -12 $OUT/gpu-edge.out
REPS=40 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/v27 device-pkg2/k3 \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1 | tee $OUT/ab.txt
timeout 260 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 150 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3xtf32-w|3xtf32-r)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-160
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-200
