#!/usr/bin/env bash
# Session 32, device call 5: what the norm duty costs the split Gram
# kernel on sample-heavy (131072 x 8192 x 8192). fuse-run --time (event
# timed, warm-up first, no L2 flush) on the Gram example against the same
# matmul with the norms passed in (test/Conversion/Inputs/
# gram_given_norms.mlir at k = d = 8192), each at the ledger's split (16)
# and unsplit, and the Gram example with plain norm sums.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
. scripts/device/bin-env.sh
T0=$(date +%s)
sed 's/256/8192/g; s/512/8192/g' examples/gemm_argmin.mlir > /tmp/gram.mlir
sed 's/129/8192/g; s/300/8192/g' test/Conversion/Inputs/gram_given_norms.mlir > /tmp/given.mlir
t() { # t <name> <file> <flags...>
  local name=$1 f=$2; shift 2
  timeout 150 fuse-run $f --mode=gpu --trials=1 --seed=3 --dims=s0=131072 \
    --keep-extent=all --ref-rows=2 --expected-rows=131072 --time --reps=5 "$@" \
    > $OUT/$name.log 2>&1
  echo "$name: exit $? ($(( $(date +%s) - T0 )) s) $(grep -E 'device time|PASS|FAIL' $OUT/$name.log | tr '\n' ' ')"
}
t gram-s16 /tmp/gram.mlir
t given-s16 /tmp/given.mlir
t gram-s16-plain /tmp/gram.mlir --compensated-sums=false
t given-s1 /tmp/given.mlir --split=1
t gram-s1 /tmp/gram.mlir --split=1
t gram-s16-again /tmp/gram.mlir
