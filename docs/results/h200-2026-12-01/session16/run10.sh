#!/usr/bin/env bash
# Session 16, tenth device call, on the final build: the norms-passed-in
# cases (the carry of version 22's experiment reverted), the FMA Gram and
# chain cases, the examples and their sanitizer runs.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
OUT=$OUT/t TESTS_ONLY='^(given-norms|plain-sums|fma-t8x16|naive_argmin|distance_only|gemm_argmin|one_centroid_distance|running_step|chain_f16|memcheck-|racecheck-)' \
  timeout 300 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E "^=== .*exit" $OUT/gpu-tests.out | awk '{print $2, $4}' | tr '\n' ' '; echo; tail -1 $OUT/gpu-tests.out
