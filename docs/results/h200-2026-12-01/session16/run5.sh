#!/usr/bin/env bash
# Session 16, fifth device call: the grid-stride kernels with a block per
# 256 threads' worth of work (version 22). GPU tests of every example and
# the sanitizers, the plain edge cases, then the chain shapes' bench rows.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=$OUT/t TESTS_ONLY='^(naive_argmin|distance_only|gemm_argmin|one_centroid_distance|running_step|chain_f16|memcheck-|racecheck-|large-index|large-naive)' \
  timeout 280 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; tail -3 $OUT/gpu-tests.out
OUT=$OUT/e EDGE_PART=plain timeout 200 scripts/device/gpu-edge.sh > $OUT/gpu-edge.out 2>&1
echo "gpu-edge rc $?"; tail -3 $OUT/gpu-edge.out
timeout 200 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/bench-kernels --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench --budget-seconds 150 --shapes chain-4096,chain-1e6,chain-134217728 > $OUT/bench.log 2>&1
echo "bench rc $?"; grep "^target" $OUT/bench.log
