#!/usr/bin/env bash
# Session 16, eighth device call: the Gram form fed its norms with the
# slice loop carrying the next slice's staged chunks (version 22): GPU tests
# of the FMA Gram cases and the norms-passed-in ones, then its time and
# label agreement beside versions 20 and 21 and the kernel without the carry.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
P=docs/results/h200-2026-11-30/session15/ptx
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=$OUT/t TESTS_ONLY='^(given-norms|plain-sums|fma-t8x16|gemm_argmin$|memcheck-fma-t8x16|racecheck-fma-t8x16)' \
  timeout 200 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E "^=== |FAILED" $OUT/gpu-tests.out | tail -14; tail -1 $OUT/gpu-tests.out
OUT=$OUT ROUNDS=3 timeout 150 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P $S/gin-variants/gram-given-carry.sample-heavy.ptx > $OUT/gin-ab.log 2>&1
echo "gin-ab rc $?"; tail -2 $OUT/gin-ab.log
