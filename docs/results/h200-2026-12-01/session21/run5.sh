#!/usr/bin/env bash
# Session 21, device call 5 (version 27's kernels): the GPU tests of the
# cluster-split kernels and of the other split and few-rows cases, the
# tensor-core check, the probe's new 3xTF32 kernel against version 26's
# (ab.py: labels equal), and the bench on the probe. Carries
# device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,bench-kernels,
# tc-kernels} from scripts/device/package.sh and device-pkg2/ref-kernels.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
S=docs/results/h200-2026-12-01/session21
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='clusters|fewrows|parts' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|gpu-tests:|FAILED' $OUT/t/gpu-tests.log | tail -40
mv $OUT/t/gpu-tests.log $OUT/gpu-tests.log; rm -rf $OUT/t
timeout 200 python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/tc-check.err; rm -f $OUT/tc-check.err
python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels $K \
  gemm_argmin.probe.3xtf32-wgmma 2>&1 | tee $OUT/ab.txt
timeout 260 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels $K --predictions $K/predictions.json --out $OUT/bench \
  --budget-seconds 150 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm_argmin.probe.(auto|3x|tf32-w)|cuBLAS|torch.compile, Gram)' $OUT/bench/performance.md | cut -c1-200
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220
ls -R $OUT | head -30
