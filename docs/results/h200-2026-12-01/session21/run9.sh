#!/usr/bin/env bash
# Session 21, device call 9, on the final kernels (version 27, run 8's
# small-part guard reverted): the NaN / inf edge cases of the few rows'
# kernels (plain, memcheck, racecheck; the driver checks) and the bench
# on the probe with the 3xtf32 targets. Carries device-pkg/{bin/fuse-run.xz,
# bin/fusec.xz,lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
mkdir -p $OUT/e
OUT=$OUT/e EDGE_ONLY='^tc-wg-(3xtf32|recheck)-few' scripts/device/gpu-edge.sh > /dev/null 2>&1
echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary; mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; rm -rf $OUT/e
timeout 260 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 150 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3xtf32-w|3xtf32-r)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-160
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-200
