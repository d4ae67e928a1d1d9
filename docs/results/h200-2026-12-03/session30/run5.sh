#!/usr/bin/env bash
# Session 30, device call 5: the package of f4accc2 (scripts/device/package.sh;
# only the three probe wgmma bench kernels differ from bf0641e's):
#  1. gpu-tests.sh's wgmma cases except 3xTF32's and the recheck's (whose
#     kernels did not change): f16, bf16 and tf32 on random shapes, the
#     few-rows split, TMA, clusters, persistent blocks, parts, tails,
#     memcheck and racecheck;
#  2. the bench on the probe and its half-precision twins.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
. scripts/device/bin-env.sh
K=device-pkg/bench-kernels
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='^tc-wg-((fewrows|f16|bf16|tf32|tma|tiles|m256|m192-tf32|persist|parts|dist|nopersist|tail-f16|cpasync|clusters-tf32|memcheck|racecheck)|m192$)' \
  GPU_TEST_TIMEOUT=60 timeout 330 scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $? ($(elapsed) s)"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== [^:]*: exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
timeout 200 python3 bench/bench.py --runtime $SESSION_RUNTIME --kernels $K \
  --predictions $K/predictions.json --out $OUT/probe --budget-seconds 120 \
  --shapes probe,probe-f16,probe-bf16 --no-cupy --no-jax > $OUT/probe.log 2>&1
echo "bench rc $? ($(elapsed) s)"
grep -E '^target' $OUT/probe.log | cut -c1-220
grep -E '^\| probe(-f16|-bf16)? \| (fusec gemm_argmin(_f16|_bf16)?.probe(-f16|-bf16)?.(wgmma|tf32-wgmma|3xtf32-wgmma) |cuBLAS|torch.compile, Gram)' $OUT/probe/performance.md | cut -c1-200
gzip $OUT/probe.log
