#!/usr/bin/env bash
#===- scripts/device/gpu-tests.sh - the GPU test set, on the GPU machine --===#
#
# Run through the device tool from the repository root, after
# scripts/device/package.sh has filled device-pkg/ here:
#   device run --carry device-pkg -- scripts/device/gpu-tests.sh
# Results go to $OUT/gpu-tests.log; the exit status is non-zero if any check
# failed. Covers: every example on random shapes (not tile multiples,
# dynamic n, n=1, k=1), ties and NaN data, the probe shape, a case with
# n*d > 2^31 elements, the JIT (correctness, cold and cached latency), and
# compute-sanitizer memcheck/racecheck on small shapes.
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/device/bin-env.sh
log=$OUT/gpu-tests.log
: > "$log"
export FUSEC_CACHE_DIR=/tmp/fusec-cache
failures=0

run() { # run <label> <command...>; TESTS_ONLY=REGEX keeps matching labels
  local label=$1; shift
  if [ -n "${TESTS_ONLY:-}" ] && ! [[ $label =~ $TESTS_ONLY ]]; then
    return
  fi
  echo "=== $label: $*" >> "$log"
  local start=$(date +%s%N)
  timeout "${GPU_TEST_TIMEOUT:-240}" "$@" >> "$log" 2>&1
  local rc=$?
  local end=$(date +%s%N)
  echo "=== $label: exit $rc ($(( (end - start) / 1000000 )) ms)" >> "$log"
  if [ $rc -ne 0 ]; then
    failures=$((failures + 1))
    echo "FAILED: $label (exit $rc)" >> "$log"
  fi
}

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >> "$log" 2>&1

# The JIT embedded in a host program: labels, cold compile + load, cache hit.
rm -rf /tmp/fusec-cache
run jit-host fusec-host-example --latency --n=5000

# Every example on random shapes, through fusec's compiler and runtime.
for ex in naive_argmin distance_only gemm_argmin one_centroid_distance \
          running_step chain_f16; do
  run "$ex" fuse-run examples/$ex.mlir --mode=gpu --trials=12 --seed=11
done
# Tensor cores (test/GPU/tensor-cores.test): f16, bf16, 3xtf32 and tf32
# Gram-argmin on random shapes, exact ties included.
run tc-f16 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu --trials=16 --seed=41
run tc-f16-ties fuse-run examples/gemm_argmin_f16.mlir --mode=gpu --trials=8 --seed=42 --dup-rows=1
run tc-bf16 fuse-run test/GPU/Inputs/gemm_argmin_bf16.mlir --mode=gpu --trials=16 --seed=43
run tc-3xtf32 fuse-run examples/gemm_argmin.mlir --mode=gpu --precision=3xtf32 --trials=16 --seed=44
run tc-3xtf32-ties fuse-run examples/gemm_argmin.mlir --mode=gpu --precision=3xtf32 --trials=8 --seed=45 --dup-rows=1
run tc-tf32 fuse-run examples/gemm_argmin.mlir --mode=gpu --precision=tf32 --trials=16 --seed=46
run tc-f16-stages4 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu --trials=8 --seed=48 --stages=4 --expected-rows=131072
run tc-3xtf32-stages3 fuse-run examples/gemm_argmin.mlir --mode=gpu --precision=3xtf32 --trials=8 --seed=49 --stages=3 --expected-rows=131072
run tc-racecheck-stages4 compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin_f16.mlir --mode=gpu --trials=1 --dims=s0=300 --keep-extent=256,512 --expected-rows=131072 --stages=4
# Hopper's warpgroup MMAs (sm_90a): f16, bf16, tf32 and 3xtf32 through
# matrix descriptors. Ring wrap, a 256-candidate tile, and the sanitizers
# on the async-proxy path.
wg=--arch=sm_90a
run tc-wg-f16 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=16 --seed=51
run tc-wg-f16-ties fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=52 --dup-rows=1
run tc-wg-bf16 fuse-run test/GPU/Inputs/gemm_argmin_bf16.mlir --mode=gpu $wg --trials=16 --seed=53
run tc-wg-tf32 fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --precision=tf32 --trials=16 --seed=54
run tc-wg-3xtf32 fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --precision=3xtf32 --trials=8 --seed=55
# 3xtf32's split producer (the default) on shapes that are not
# tile multiples: persistent blocks over 313 row tiles, candidate parts
# (3 over 8 candidate tiles), the register staging without the producer
# (--cluster=0), and the sanitizers with a block walking two row tiles.
tiles32=test/GPU/Inputs/gemm_argmin_tiles.mlir
tc3x="--mode=gpu $wg --precision=3xtf32 --keep-extent=1000,200 --expected-rows=131072"
run tc-wg-3xtf32-tiles fuse-run $tiles32 $tc3x --trials=4 --seed=86
run tc-wg-3xtf32-persist fuse-run $tiles32 $tc3x --trials=2 --seed=87 --dims=s0=40000
run tc-wg-3xtf32-parts fuse-run $tiles32 $tc3x --trials=2 --seed=88 --dims=s0=40000 --split=3
# A short last round of persistent work items run as single candidate
# tiles (planWorkUnits): 4300 rows are 34 row tiles, 136 items of 4 parts
# over 132 blocks, so the 4 items left after the first round run as single
# tiles (f16: 16 of 256 candidates; 3xTF32's split producer: 32 of 128).
# One slice a tile (d = 64), exact ties, and the sanitizers.
sed 's/256/4096/g; s/512/64/g' examples/gemm_argmin_f16.mlir > /tmp/tail_f16.mlir
sed 's/256/4096/g; s/512/64/g' examples/gemm_argmin.mlir > /tmp/tail_f32.mlir
tail="--mode=gpu $wg --split=4 --dims=s0=4300 --keep-extent=all"
run tc-wg-tail-f16 fuse-run /tmp/tail_f16.mlir $tail --trials=2 --seed=89
run tc-wg-tail-f16-ties fuse-run /tmp/tail_f16.mlir $tail --trials=2 --seed=90 --dup-rows=1
run tc-wg-tail-3xtf32 fuse-run /tmp/tail_f32.mlir $tail --precision=3xtf32 --trials=2 --seed=91
for tool in memcheck racecheck; do
  run tc-wg-tail-$tool compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run /tmp/tail_f16.mlir $tail --trials=1 --seed=92
done
run tc-wg-3xtf32-regs fuse-run $tiles32 $tc3x --trials=2 --seed=89 --cluster=0
# The split producer in one block per row tile (--persistent=0).
run tc-wg-3xtf32-nopersist fuse-run $tiles32 $tc3x --trials=2 --seed=96 --dims=s0=20000 --persistent=0
# 192-row tiles: three consumer warpgroups beside one producer warpgroup.
m192="--tile-m=192 --tile-n=128"
run tc-wg-3xtf32-m192 fuse-run $tiles32 $tc3x $m192 --trials=4 --seed=92
run tc-wg-3xtf32-m192-persist fuse-run $tiles32 $tc3x $m192 --trials=2 --seed=93 --dims=s0=40000
run tc-wg-3xtf32-m192-parts fuse-run $tiles32 $tc3x $m192 --trials=2 --seed=94 --dims=s0=40000 --split=3
run tc-wg-3xtf32-m192-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $tiles32 $tc3x $m192 --trials=1 --seed=95 --dims=s0=17000
run tc-wg-3xtf32-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run $tiles32 $tc3x --trials=1 --seed=90 --dims=s0=17000
run tc-wg-3xtf32-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $tiles32 $tc3x --trials=1 --seed=91 --dims=s0=17000
# 3xtf32-recheck: the 3xTF32 kernels keep each row's best two candidates
# and the merge entry decides between them in IEEE fp32 (mma.sync and
# wgmma, exact ties, candidate parts, 192-row tiles, the last round's
# single tiles, the direct form that stays on the FMA units with the
# scratch unused, and memcheck).
rc=--precision=3xtf32-recheck
tcrc="--mode=gpu $wg $rc --keep-extent=1000,200 --expected-rows=131072"
run tc-recheck fuse-run examples/gemm_argmin.mlir --mode=gpu $rc --trials=8 --seed=201
run tc-wg-recheck fuse-run examples/gemm_argmin.mlir --mode=gpu $wg $rc --trials=8 --seed=202
run tc-wg-recheck-ties fuse-run examples/gemm_argmin.mlir --mode=gpu $wg $rc --trials=4 --seed=203 --dup-rows=1
run tc-wg-recheck-parts fuse-run $tiles32 $tcrc --trials=2 --seed=204 --dims=s0=40000 --split=3
run tc-wg-recheck-m192 fuse-run $tiles32 $tcrc $m192 --trials=2 --seed=205 --dims=s0=40000
run tc-wg-recheck-tail fuse-run /tmp/tail_f32.mlir $tail $rc --trials=2 --seed=206
run tc-wg-recheck-naive fuse-run examples/naive_argmin.mlir --mode=gpu $wg $rc --trials=2 --seed=207
run tc-wg-recheck-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run $tiles32 $tcrc --trials=1 --seed=208 --dims=s0=17000
# 3xtf32-certified: the naive example on 3xTF32 wgmma with error bounds,
# the direct form where they cannot decide (its labels are the direct
# form's). Random shapes (feature counts that are not multiples of 4 keep
# the direct form), the probe, exact ties, the candidate parts in a
# cluster (few rows) and unsplit persistent blocks (many rows), d = 2048,
# d = 8192 (8 levels a row; rows mostly go to the direct form without the
# refinement, whose bound is no tighter there), every candidate equal at
# d = 8192 (all open: the refinement and the direct form over all k), the
# deferred rows' passes, plain norm sums, NaN and inf, memcheck and
# racecheck.
cert="--mode=gpu --arch=sm_90a --precision=3xtf32-certified"
sed "s/256/200/g; s/512/100/g" examples/naive_argmin.mlir > /tmp/cert_k200_d100.mlir
sed "s/256/1000/g; s/512/200/g" examples/naive_argmin.mlir > /tmp/cert_k1000_d200.mlir
sed "s/512/2048/g" examples/naive_argmin.mlir > /tmp/cert_d2048.mlir
sed "s/256/64/g; s/512/8192/g" examples/naive_argmin.mlir > /tmp/cert_k64_d8192.mlir
sed "s/256/16/g; s/512/2052/g" examples/naive_argmin.mlir > /tmp/cert_k16_d2052.mlir
run tc-wg-certified fuse-run examples/naive_argmin.mlir $cert --trials=8 --seed=241
# --precision=auto (the default) on sm_90a: the certified kernel where it
# applies (the naive example), ieee where it does not (labels with minima).
run naive-auto-wg fuse-run examples/naive_argmin.mlir --mode=gpu $wg --trials=8 --seed=261
run naive-auto-wg-minima fuse-run test/fusec/Inputs/naive-labels-and-minima.mlir --mode=gpu $wg --trials=4 --seed=262
run tc-wg-certified-probe fuse-run examples/naive_argmin.mlir $cert --expected-rows=4096 --keep-extent=all --trials=2 --seed=242
run tc-wg-certified-ties fuse-run examples/naive_argmin.mlir $cert --expected-rows=4096 --keep-extent=all --trials=2 --seed=243 --dup-rows=1
run tc-wg-certified-parts fuse-run /tmp/cert_k200_d100.mlir $cert --expected-rows=4096 --keep-extent=all --trials=3 --seed=244
run tc-wg-certified-persist fuse-run /tmp/cert_k1000_d200.mlir $cert --expected-rows=131072 --keep-extent=all --trials=2 --seed=245 --dims=s0=40000
run tc-wg-certified-persist-ties fuse-run /tmp/cert_k1000_d200.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=246 --dims=s0=20000 --dup-rows=1
run tc-wg-certified-d2048 fuse-run /tmp/cert_d2048.mlir $cert --expected-rows=8192 --keep-extent=all --trials=1 --seed=247 --dims=s0=3000
# d = 8192 at many rows: 256 slices folded into the running sums, the
# refinement's features in a loop of blocks, 64x128 tiles unsplit.
run tc-wg-certified-d8192 fuse-run /tmp/cert_k64_d8192.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=253 --dims=s0=2500 --dup-rows=1
run tc-wg-certified-d8192-equal fuse-run /tmp/cert_k64_d8192.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=254 --dims=s0=300 --fill=equal
# The block's deferred rows (d > 2048): with every value equal all rows
# are open among all candidates; 8500 rows give block 0 two tiles of 64,
# whose second overflows the list of 64 and passes over the first's rows
# mid-walk (k = 16 keeps the reference small). The labels are all 0 there;
# with NaN in a candidate (about half the draws of 16 rows) every row's
# first candidate has no finite bound, so no row is decided by the bounds
# and the direct form gives each the first NaN candidate.
run tc-wg-certified-deferred fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=255 --dims=s0=8500 --fill=equal
run tc-wg-certified-deferred-nan fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=2 --seed=257 --dims=s0=8500 --fill=nan
# The call's list for the deferred pass holds 16384 rows: at 20000 open
# rows the blocks' last rows take their own passes (both paths in one
# call); then the deferred pass and its labels entry under memcheck and
# racecheck.
run tc-wg-certified-deferred-overflow fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=258 --dims=s0=20000 --fill=equal
run tc-wg-certified-deferred-overflow-nan fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=2 --seed=259 --dims=s0=20000 --fill=nan
run tc-wg-certified-deferred-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=260 --dims=s0=700 --fill=nan
run tc-wg-certified-deferred-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run /tmp/cert_k16_d2052.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=261 --dims=s0=700 --fill=equal
# Plain f32 norm sums: the bound keeps d u for them (compensatedSumUlps
# only for compensated sums).
run tc-wg-certified-plain-sums fuse-run examples/naive_argmin.mlir $cert --expected-rows=4096 --keep-extent=all --trials=2 --seed=256 --compensated-sums=false
run tc-wg-certified-nan fuse-run /tmp/cert_k200_d100.mlir $cert --expected-rows=4096 --keep-extent=all --trials=2 --seed=248 --fill=nan
run tc-wg-certified-inf fuse-run /tmp/cert_k200_d100.mlir $cert --expected-rows=4096 --keep-extent=all --trials=2 --seed=249 --fill=inf
run tc-wg-certified-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/cert_k200_d100.mlir $cert --expected-rows=4096 --keep-extent=all --trials=1 --seed=250 --dims=s0=1500 --dup-rows=1
run tc-wg-certified-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run /tmp/cert_k200_d100.mlir $cert --expected-rows=4096 --keep-extent=all --trials=1 --seed=251 --dims=s0=1500 --dup-rows=1
run tc-wg-certified-persist-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/cert_k1000_d200.mlir $cert --expected-rows=131072 --keep-extent=all --trials=1 --seed=252 --dims=s0=3000 --dup-rows=1
# 3xtf32-certified on the Gram example, a Gram form the user wrote, and
# the default there on sm_90a where the ledger predicts it faster than the
# FMA kernel: its labels must equal the native-precision reference's
# exactly (--native-labels: every product and add rounded, sums in feature
# order; no near-tie allowance). Random row and candidate counts (the
# certified kernel needs a static multiple of 4 features), the probe and
# the default there, exact ties, the candidates in a cluster's parts (few
# rows), unsplit persistent blocks (many rows), d = 1024 (the most
# features it takes), every candidate equal there (all rows replayed over
# every candidate), NaN and inf, and memcheck and racecheck. The default
# on random shapes (often the FMA kernel, whose labels are not the native
# reference's on near-ties) is checked against float64 as usual.
cg="--mode=gpu --arch=sm_90a --precision=3xtf32-certified --native-labels"
sed "s/256/200/g; s/512/100/g" examples/gemm_argmin.mlir > /tmp/certg_k200_d100.mlir
sed "s/256/1000/g; s/512/200/g" examples/gemm_argmin.mlir > /tmp/certg_k1000_d200.mlir
sed "s/256/64/g; s/512/1024/g" examples/gemm_argmin.mlir > /tmp/certg_k64_d1024.mlir
# d = 1000: the open rows' replays end on a partial step (250 chunks, 8 a
# step; directDistances), with random data, ties and racecheck.
sed "s/256/300/g; s/512/1000/g" examples/gemm_argmin.mlir > /tmp/certg_k300_d1000.mlir
sed "s/256/300/g; s/512/1000/g" examples/naive_argmin.mlir > /tmp/cert_k300_d1000.mlir
run tc-wg-certgram fuse-run examples/gemm_argmin.mlir $cg --keep-extent=512 --trials=8 --seed=301
run gram-auto-wg fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --trials=4 --seed=302
run gram-auto-wg-probe fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --native-labels --expected-rows=4096 --keep-extent=all --trials=2 --seed=314
run tc-wg-certgram-probe fuse-run examples/gemm_argmin.mlir $cg --expected-rows=4096 --keep-extent=all --trials=2 --seed=303
run tc-wg-certgram-ties fuse-run examples/gemm_argmin.mlir $cg --expected-rows=4096 --keep-extent=all --trials=2 --seed=304 --dup-rows=1
run tc-wg-certgram-parts fuse-run /tmp/certg_k200_d100.mlir $cg --expected-rows=4096 --keep-extent=all --trials=3 --seed=305
run tc-wg-certgram-persist fuse-run /tmp/certg_k1000_d200.mlir $cg --expected-rows=131072 --keep-extent=all --trials=2 --seed=306 --dims=s0=40000
run tc-wg-certgram-d1024 fuse-run /tmp/certg_k64_d1024.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=307 --dims=s0=3000
run tc-wg-certgram-d1024-equal fuse-run /tmp/certg_k64_d1024.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=308 --dims=s0=1500 --fill=equal
run tc-wg-certgram-d1000 fuse-run /tmp/certg_k300_d1000.mlir $cg --expected-rows=131072 --keep-extent=all --trials=2 --seed=315 --dims=s0=5000
run tc-wg-certgram-d1000-ties fuse-run /tmp/certg_k300_d1000.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=316 --dims=s0=3000 --dup-rows=1
run tc-wg-certified-d1000 fuse-run /tmp/cert_k300_d1000.mlir $cert --expected-rows=131072 --keep-extent=all --trials=2 --seed=317 --dims=s0=5000
run tc-wg-certgram-d1000-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run /tmp/certg_k300_d1000.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=318 --dims=s0=2000
run tc-wg-certgram-nan fuse-run /tmp/certg_k200_d100.mlir $cg --expected-rows=4096 --keep-extent=all --trials=2 --seed=309 --fill=nan
run tc-wg-certgram-inf fuse-run /tmp/certg_k200_d100.mlir $cg --expected-rows=4096 --keep-extent=all --trials=2 --seed=310 --fill=inf
run tc-wg-certgram-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/certg_k200_d100.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=311 --dims=s0=1500 --dup-rows=1
run tc-wg-certgram-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run /tmp/certg_k200_d100.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=312 --dims=s0=1500 --dup-rows=1
run tc-wg-certgram-equal-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/certg_k64_d1024.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=313 --dims=s0=700 --fill=equal
# Past 1024 features the norms are the Gram form's own (native chains in
# the duty) and XC's bound is weighted: d = 2052 (a partial last slice,
# 8 levels, the deferred pass on persistent blocks) with random data,
# ties, every candidate equal (every row over all candidates), NaN, inf,
# memcheck and racecheck; d = 4096 on few rows (a cluster's parts, no
# deferred pass) with ties; d = 8192 on persistent blocks.
sed "s/256/300/g; s/512/2052/g" examples/gemm_argmin.mlir > /tmp/certg_k300_d2052.mlir
sed "s/256/96/g; s/512/4096/g" examples/gemm_argmin.mlir > /tmp/certg_k96_d4096.mlir
sed "s/512/8192/g; s/256/500/g" examples/gemm_argmin.mlir > /tmp/certg_k500_d8192.mlir
run tc-wg-certgram-native-d2052 fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=131072 --keep-extent=all --trials=2 --seed=319 --dims=s0=3000
run tc-wg-certgram-native-d2052-ties fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=320 --dims=s0=2000 --dup-rows=1
run tc-wg-certgram-native-d2052-equal fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=321 --dims=s0=700 --fill=equal
run tc-wg-certgram-native-d2052-nan fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=322 --dims=s0=500 --fill=nan
run tc-wg-certgram-native-d2052-inf fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=323 --dims=s0=500 --fill=inf
run tc-wg-certgram-native-d4096-fewrows fuse-run /tmp/certg_k96_d4096.mlir $cg --expected-rows=4096 --keep-extent=all --trials=1 --seed=324 --dims=s0=1500 --dup-rows=1
run tc-wg-certgram-native-d8192 fuse-run /tmp/certg_k500_d8192.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=325 --dims=s0=1000
run tc-wg-certgram-native-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=326 --dims=s0=700 --dup-rows=1
run tc-wg-certgram-native-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run /tmp/certg_k300_d2052.mlir $cg --expected-rows=131072 --keep-extent=all --trials=1 --seed=327 --dims=s0=700 --dup-rows=1
# Too few row tiles for the SMs (--expected-rows=4096, the probe's): the
# split producer on 128x64 tiles with the ledger's split over persistent
# blocks, 3xtf32 and 3xtf32-recheck, on random shapes (rows and
# candidates not multiples of the tiles) and under memcheck and racecheck.
few="--mode=gpu $wg --expected-rows=4096 --keep-extent=1000,200"
run tc-wg-3xtf32-fewrows fuse-run $tiles32 $few --precision=3xtf32 --trials=4 --seed=211
run tc-wg-3xtf32-fewrows-ties fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --expected-rows=4096 --precision=3xtf32 --trials=4 --seed=212 --dup-rows=1
run tc-wg-recheck-fewrows fuse-run $tiles32 $few $rc --trials=4 --seed=213
run tc-wg-3xtf32-fewrows-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run $tiles32 $few --precision=3xtf32 --trials=1 --seed=214 --dims=s0=4099
run tc-wg-3xtf32-fewrows-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $tiles32 $few --precision=3xtf32 --trials=1 --seed=215 --dims=s0=4099
# The other wgmma kinds on too few row tiles (--expected-rows=4096): the
# ledger's own split of the candidates over persistent TMA blocks, whose
# parts meet in clusters (128x128 tiles split 2 ways on the probe). f16,
# bf16 and tf32 on random shapes (rows, candidates and features not tile
# multiples; k and d kept at 1000 and 200 for some), exact ties across the
# parts, rows past one round of clusters, the probe shape as written, and
# memcheck and racecheck.
fewh="--mode=gpu $wg --expected-rows=4096"
run tc-wg-fewrows-f16 fuse-run examples/gemm_argmin_f16.mlir $fewh --trials=8 --seed=261
run tc-wg-fewrows-f16-kept fuse-run examples/gemm_argmin_f16.mlir $fewh --keep-extent=1000,200 --trials=4 --seed=262
run tc-wg-fewrows-f16-ties fuse-run examples/gemm_argmin_f16.mlir $fewh --trials=4 --seed=263 --dup-rows=1
run tc-wg-fewrows-f16-rounds fuse-run examples/gemm_argmin_f16.mlir $fewh --keep-extent=256,512 --trials=2 --seed=264 --dims=s0=40000
run tc-wg-fewrows-f16-probe fuse-run examples/gemm_argmin_f16.mlir $fewh --keep-extent=256,512 --trials=1 --dims=s0=4096
run tc-wg-fewrows-bf16 fuse-run test/GPU/Inputs/gemm_argmin_bf16.mlir $fewh --trials=8 --seed=265
run tc-wg-fewrows-tf32 fuse-run examples/gemm_argmin.mlir $fewh --precision=tf32 --trials=8 --seed=266
run tc-wg-fewrows-tf32-ties fuse-run examples/gemm_argmin.mlir $fewh --precision=tf32 --trials=4 --seed=267 --dup-rows=1
run tc-wg-fewrows-f16-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin_f16.mlir $fewh --keep-extent=256,512 --trials=1 --seed=268 --dims=s0=4099
run tc-wg-fewrows-f16-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin_f16.mlir $fewh --keep-extent=256,512 --trials=1 --seed=269 --dims=s0=4099
run tc-wg-fewrows-tf32-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin.mlir $fewh --precision=tf32 --keep-extent=256,512 --trials=1 --seed=270 --dims=s0=4099
# Candidate parts that meet in a cluster's shared memory instead of the
# labels' atomics (one launch): the probe's 64x128 tiles split 2 ways on
# the split producer, 128x64 split 4 ways at 3000 expected rows (k = 1000
# and d = 200: partial candidate tiles and slices), and TF32's plain TMA
# producer split 2 ways; random row counts, rows past one round of
# clusters (the persistent walk's two exchange buffers), exact ties across
# the parts, memcheck and racecheck. --cluster-split=1 makes sure that a
# trial whose sizes would change the choice still takes the clusters.
cl="--mode=gpu $wg --expected-rows=4096 --keep-extent=256,512 --precision=3xtf32 --cluster-split=1"
cl4="--mode=gpu $wg --expected-rows=3000 --keep-extent=1000,200 --precision=3xtf32 --tile-m=128 --tile-n=64 --split=4 --cluster-split=1"
cltf="--mode=gpu $wg --expected-rows=4096 --keep-extent=1000,200 --precision=tf32 --split=2 --cluster-split=1"
run tc-wg-clusters fuse-run examples/gemm_argmin.mlir $cl --trials=4 --seed=231
run tc-wg-clusters-rounds fuse-run examples/gemm_argmin.mlir $cl --trials=2 --seed=232 --dims=s0=20000
run tc-wg-clusters-ties fuse-run examples/gemm_argmin.mlir $cl --trials=2 --seed=233 --dims=s0=9000 --dup-rows=1
run tc-wg-clusters4 fuse-run $tiles32 $cl4 --trials=4 --seed=234
run tc-wg-clusters4-rounds fuse-run $tiles32 $cl4 --trials=2 --seed=235 --dims=s0=20000
run tc-wg-clusters-tf32 fuse-run $tiles32 $cltf --trials=4 --seed=236
run tc-wg-clusters-tf32-rounds fuse-run $tiles32 $cltf --trials=2 --seed=237 --dims=s0=40000
run tc-wg-clusters-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin.mlir $cl --trials=1 --seed=238 --dims=s0=9001
run tc-wg-clusters-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin.mlir $cl --trials=1 --seed=239 --dims=s0=9001
run tc-wg-clusters-tf32-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $tiles32 $cltf --trials=1 --seed=240 --dims=s0=9001
# The recheck's merge staged in shared memory (a warp a block, d = 512):
# random row counts (not multiples of the warp's 32), exact ties, and
# memcheck and racecheck.
stg="examples/gemm_argmin.mlir --mode=gpu $wg $rc --expected-rows=4096"
run tc-wg-recheck-staged fuse-run $stg --trials=6 --seed=216
run tc-wg-recheck-staged-ties fuse-run $stg --trials=4 --seed=217 --dup-rows=1
run tc-wg-recheck-staged-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run $stg --trials=1 --seed=218 --dims=s0=4099
run tc-wg-recheck-staged-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $stg --trials=1 --seed=219 --dims=s0=4099
# A buffer per step, up to 16 (221184 bytes): d = 1024 has 32 steps, so
# each step issues the one 15 ahead into the buffer the previous step
# freed; d = 160 has 5 buffers. Both under memcheck and racecheck too.
sed 's/512/1024/g' examples/gemm_argmin.mlir > /tmp/staged_d1024.mlir
sed 's/512/160/g' examples/gemm_argmin.mlir > /tmp/staged_d160.mlir
stgk="--mode=gpu $wg $rc --expected-rows=4096 --keep-extent=all"
for dd in 1024 160; do
  run tc-wg-recheck-staged-d$dd fuse-run /tmp/staged_d$dd.mlir $stgk --trials=3 --seed=22$((dd % 7))
  run tc-wg-recheck-staged-d$dd-ties fuse-run /tmp/staged_d$dd.mlir $stgk --trials=2 --seed=23$((dd % 7)) --dup-rows=1
  run tc-wg-recheck-staged-d$dd-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
    fuse-run /tmp/staged_d$dd.mlir $stgk --trials=1 --seed=24$((dd % 7)) --dims=s0=3001
  run tc-wg-recheck-staged-d$dd-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
    fuse-run /tmp/staged_d$dd.mlir $stgk --trials=1 --seed=25$((dd % 7)) --dims=s0=3001
done
run tc-wg-f16-stages4 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=56 --stages=4 --expected-rows=131072
run tc-wg-f16-n256 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=57 --tile-n=256 --expected-rows=131072 --keep-extent=256,512
# wgmma's stage loads: TMA by default; cp.async (--cluster=0) and TMA in
# clusters of 2 and 4 that multicast the candidate slices too. 300 rows
# make 3 row tiles, so a cluster of 2 has a block past the rows.
run tc-wg-cpasync fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=61 --cluster=0
run tc-wg-tma2 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=62 --cluster=2
run tc-wg-tma4 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=8 --seed=63 --cluster=4 --expected-rows=131072
run tc-wg-tma-300 fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=2 --seed=64 --dims=s0=300 --keep-extent=256,512 --expected-rows=131072 --cluster=2
run tc-wg-tma-bf16-n256 fuse-run test/GPU/Inputs/gemm_argmin_bf16.mlir --mode=gpu $wg --trials=4 --seed=65 --tile-n=256 --expected-rows=131072 --keep-extent=256,512
# Several candidate tiles, partial tiles and slices: 3 stages start
# tiles mid-ring.
tiles=test/GPU/Inputs/gemm_argmin_f16_tiles.mlir
run tc-wg-tiles fuse-run $tiles --mode=gpu $wg --trials=4 --seed=66 --keep-extent=1000,200 --expected-rows=131072
run tc-wg-tiles-s3 fuse-run $tiles --mode=gpu $wg --trials=4 --seed=67 --keep-extent=1000,200 --expected-rows=131072 --stages=3
run tc-wg-tiles-c2 fuse-run $tiles --mode=gpu $wg --trials=4 --seed=68 --keep-extent=1000,200 --expected-rows=131072 --stages=3 --cluster=2
run tc-wg-tiles-cpasync fuse-run $tiles --mode=gpu $wg --trials=4 --seed=69 --keep-extent=1000,200 --expected-rows=131072 --stages=3 --cluster=0
# Four and three warpgroups a block: 256x128 (512 threads, one block an
# SM) and 192x256 (384 threads, 3 stages), with clusters of 2.
run tc-wg-m256 fuse-run $tiles --mode=gpu $wg --trials=4 --seed=70 --keep-extent=1000,200 --expected-rows=131072 --tile-m=256 --tile-n=128
run tc-wg-m256-c2 fuse-run $tiles --mode=gpu $wg --trials=4 --seed=71 --keep-extent=1000,200 --expected-rows=131072 --tile-m=256 --tile-n=128 --stages=3 --cluster=2
run tc-wg-m192 fuse-run $tiles --mode=gpu $wg --trials=4 --seed=72 --keep-extent=1000,200 --expected-rows=131072 --tile-m=192 --tile-n=256 --stages=3
run tc-wg-m192-tf32 fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --precision=tf32 --trials=4 --seed=73 --keep-extent=256,512 --expected-rows=131072 --tile-m=192 --tile-n=256 --stages=3
# Persistent blocks (TMA without clusters, the default): 40000 rows are
# 313 row tiles of 128, several work items for each of the 132 blocks; 8300
# candidates are more tiles than a block caches the norms of; 64x64 tiles
# run two blocks an SM; --persistent=0 keeps a block per row tile. 17000
# rows give one block a second row tile under the sanitizers.
wide=test/GPU/Inputs/gemm_argmin_f16_wide.mlir
run tc-wg-persist fuse-run $tiles --mode=gpu $wg --trials=2 --seed=74 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072
run tc-wg-persist-ties fuse-run $tiles --mode=gpu $wg --trials=2 --seed=75 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072 --dup-rows=1
run tc-wg-persist-wide fuse-run $wide --mode=gpu $wg --trials=2 --seed=76 --dims=s0=40000 --keep-extent=8300,72 --expected-rows=131072
run tc-wg-persist-64 fuse-run $tiles --mode=gpu $wg --trials=2 --seed=77 --dims=s0=20000 --keep-extent=1000,200 --expected-rows=131072 --tile-m=64 --tile-n=64
run tc-wg-persist-tf32 fuse-run examples/gemm_argmin.mlir --mode=gpu $wg --precision=tf32 --trials=2 --seed=78 --dims=s0=40000 --keep-extent=256,512 --expected-rows=131072
# Candidate parts: chosen (2 for these shapes, 11 for the wide one), 11
# over 4 candidate tiles (parts without candidates), and one.
run tc-wg-parts-11 fuse-run $tiles --mode=gpu $wg --trials=2 --seed=82 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072 --split=11
run tc-wg-parts-1 fuse-run $tiles --mode=gpu $wg --trials=2 --seed=83 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072 --split=1
# The smallest distances, which hold the row norms (halved row duty).
dist=test/GPU/Inputs/gemm_min_dist_f16_tiles.mlir
run tc-wg-dist fuse-run $dist --mode=gpu $wg --trials=4 --seed=84 --keep-extent=1000,200 --expected-rows=131072
run tc-wg-dist-persist fuse-run $dist --mode=gpu $wg --trials=2 --seed=85 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072
run tc-wg-nopersist fuse-run $tiles --mode=gpu $wg --trials=2 --seed=79 --dims=s0=40000 --keep-extent=1000,200 --expected-rows=131072 --persistent=0
run tc-wg-persist-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run $wide --mode=gpu $wg --trials=1 --seed=80 --dims=s0=17000 --keep-extent=8300,72 --expected-rows=131072
run tc-wg-persist-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run $tiles --mode=gpu $wg --trials=1 --seed=81 --dims=s0=17000 --keep-extent=1000,200 --expected-rows=131072
run tc-wg-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=2 --seed=58 --max-dynamic=300 --max-static=70
run tc-wg-racecheck compute-sanitizer --tool racecheck --error-exitcode 9 \
  fuse-run examples/gemm_argmin_f16.mlir --mode=gpu $wg --trials=1 --dims=s0=300 --keep-extent=256,512 --expected-rows=131072
run tc-f16-large fuse-run examples/gemm_argmin_f16.mlir --mode=gpu --trials=1 --dims=s0=65537 --keep-extent=256,512 --expected-rows=65537
for prec in "" "--precision=3xtf32"; do
  ex=examples/gemm_argmin.mlir
  [ -z "$prec" ] && ex=examples/gemm_argmin_f16.mlir
  run "tc-memcheck$prec" compute-sanitizer --tool memcheck --error-exitcode 9 \
    fuse-run $ex --mode=gpu $prec --trials=2 --seed=47 --max-dynamic=300 --max-static=70
  run "tc-racecheck$prec" compute-sanitizer --tool racecheck --error-exitcode 9 \
    fuse-run $ex --mode=gpu $prec --trials=1 --dims=s0=300 --keep-extent=256,512 --expected-rows=131072
  run "tc-racecheck-split$prec" compute-sanitizer --tool racecheck --error-exitcode 9 \
    fuse-run $ex --mode=gpu $prec --trials=1 --dims=s0=1000 --keep-extent=256,512 --expected-rows=4096
done
# All dtypes and precisions on 36 kernels of fixed odd shapes (k = 1,
# d = 1, d = 3, d = 40, k = 250 / d = 500, the probe), beside the FMA ones.
if [ -d device-pkg/tc-kernels ]; then
  run tc-check python3 bench/tensor_core_check.py \
    --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/tc-kernels \
    --out "$OUT/tensor-core-check.json"
fi
for k in 8 32; do
  run "running_loop_k$k" fuse-run examples/running_loop_k$k.mlir --mode=gpu \
    --trials=12 --seed=12 --keep-extent=$k
done
# Kernels where the byte ledger chose to recompute a broadcast reduction.
run recompute-center2 fuse-run test/Execution/recompute.mlir --func=center2 \
  --mode=gpu --trials=12 --seed=16 --keep-extent=2 --fill=nan
run recompute-softmax fuse-run test/Execution/recompute.mlir \
  --func=softmax_rows --mode=gpu --trials=12 --seed=17
# The Gram form chosen by the ledger under --allow-reassociation.
run reassociation fuse-run examples/naive_argmin.mlir --mode=gpu \
  --allow-reassociation --trials=12 --seed=21
run reassociation-ties fuse-run examples/naive_argmin.mlir --mode=gpu \
  --allow-reassociation --trials=6 --seed=22 --dup-rows=1
run reassociation-probe fuse-run examples/naive_argmin.mlir --mode=gpu \
  --allow-reassociation --trials=1 --dims=s0=4096 --keep-extent=256,512 --time --reps=20
# Ties (duplicated centroids) and NaN/inf data.
run naive-ties fuse-run examples/naive_argmin.mlir --mode=gpu --trials=6 --seed=13 --dup-rows=1
run gemm-ties fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=6 --seed=14 --dup-rows=1
run naive-nan fuse-run examples/naive_argmin.mlir --mode=gpu --trials=6 --seed=15 --fill=nan
# The probe shape as written (k=256, d=512, n=4096), split and unsplit.
run probe-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=4096 --keep-extent=256,512 --expected-rows=4096 --time --reps=50
run probe-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=4096 --keep-extent=256,512 --expected-rows=4096 --time --reps=50
run probe-naive-unsplit fuse-run examples/naive_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=4096 --keep-extent=256,512 --split=1
# The FMA schedule's 8x8 register tiles (two groups of 4 rows and of 4
# candidates a thread), on random shapes that are not tile multiples, under
# each launch bound and slice width the bench times.
t8="--tile-m=128 --tile-n=128 --split=1"
run fma-t8-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=8 --seed=31 $t8
run fma-t8-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=8 --seed=32 $t8
run fma-t8-gemm-ties fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=33 $t8 --dup-rows=1
run fma-t8-gemm-2blocks fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=34 $t8 --min-blocks=2
run fma-t8-gemm-k16 fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=35 $t8 --tile-k=16 --min-blocks=2
run fma-t8x4-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=36 --tile-m=128 --tile-n=64 --split=1
run fma-t8-split fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=37 --tile-m=128 --tile-n=128 --split=3
run fma-t8-nan fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=38 $t8 --fill=nan
# 8x16 and 16x8 per thread (the Gram form's 128x256 choice on the seed
# shapes, one block per SM).
t8x16="--tile-m=128 --tile-n=256 --split=1"
run fma-t8x16-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=8 --seed=39 $t8x16
run fma-t8x16-ties fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=40 $t8x16 --dup-rows=1
run fma-t8x16-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=41 $t8x16
run fma-t16x8-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=42 --tile-m=256 --tile-n=128 --split=1
run fma-t8x16-large fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=20000 --keep-extent=1000,200 --expected-rows=131072
# Where the expected rows fill the GPU the ledger splits the FMA schedule's
# candidates into parts of two tiles within half the L2 (version 36):
# k = 1000 gives the Gram form's 128x256 tiles split 2 (a short last tile
# in the last part) and the direct form's 128x128 tiles split 4; 40000 rows
# end in a partial row tile.
for form in gemm naive; do
  sed "s/256/1000/g; s/512/200/g" examples/${form}_argmin.mlir \
    > /tmp/${form}_argmin_k1000_d200.mlir
  run fma-parts-$form fuse-run /tmp/${form}_argmin_k1000_d200.mlir \
    --mode=gpu --trials=2 --seed=45 --dims=s0=40000 --keep-extent=all \
    --expected-rows=1048576
done
run fma-parts-memcheck compute-sanitizer --tool memcheck --error-exitcode 9 \
  fuse-run /tmp/gemm_argmin_k1000_d200.mlir --mode=gpu --trials=1 --seed=46 \
  --dims=s0=3000 --keep-extent=all --expected-rows=1048576
# Norms the caller passes in ([n, 1] and [k] operands of the epilogue), and
# the plain f32 norm sums (--compensated-sums=false) beside the default
# compensated ones.
run given-norms fuse-run test/Conversion/Inputs/gram_given_norms.mlir --mode=gpu --trials=6 --seed=63
run plain-sums fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=64 $t8x16 --compensated-sums=false
# Norms passed in on 8x16 tiles with whole slices (d = 8, 16 and 136: one,
# two and 17 slices), where the slice loop has no norm duty at all.
for dd in 8 16 136; do
  sed "s/129/$dd/g" test/Conversion/Inputs/gram_given_norms.mlir \
    > /tmp/gram_given_norms_d$dd.mlir
  run given-norms-d$dd fuse-run /tmp/gram_given_norms_d$dd.mlir \
    --mode=gpu --trials=4 --seed=$((64 + dd)) --keep-extent=all $t8x16
done
# The FMA schedule's cp.async stages (--stages): 4-byte copies, transposed
# into padded rows; shapes that are not tile or slice multiples take the
# checked copies that zero-fill past the operands.
run fma-async2-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=8 --seed=51 $t8 --stages=2 --tile-k=16
run fma-async3-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=52 $t8 --stages=3
run fma-async2-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=8 --seed=53 $t8x16 --stages=2 --tile-k=16
run fma-async3-gemm fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=54 $t8x16 --stages=3
run fma-async-ties fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=55 $t8x16 --stages=2 --dup-rows=1
run fma-async-nan fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=56 $t8 --stages=2 --fill=nan
run fma-async-split fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=57 --tile-m=128 --tile-n=128 --split=3 --stages=2
run fma-async-k4 fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=58 $t8 --stages=4 --tile-k=4
run fma-async-64 fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=59 --tile-m=64 --tile-n=64 --split=2 --stages=2
# Odd stage shapes: 12 features (groups of 4), 32x32 and 16x16 tiles (64
# and 16 threads: fewer rows a pass than a warp's 32 copies cover).
run fma-async-k12 fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=60 $t8 --stages=3 --tile-k=12
run fma-async-32 fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=4 --seed=61 --tile-m=32 --tile-n=32 --split=1 --stages=2 --tile-k=4
run fma-async-16 fuse-run examples/naive_argmin.mlir --mode=gpu --trials=4 --seed=62 --tile-m=16 --tile-n=16 --split=1 --stages=2
run fma-async-large fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=20000 --keep-extent=1000,200 --expected-rows=131072 $t8x16 --stages=2 --tile-k=16
# A larger shape (n=65536) against the reference evaluator.
run large-naive fuse-run examples/naive_argmin.mlir --mode=gpu --trials=1 \
  --dims=s0=65536 --keep-extent=256,512 --expected-rows=65536 --max-volume=100000000000

# n*d > 2^31 elements: 64-bit indexing (checked against torch in float64).
run large-index python3 bench/large_index_check.py --fusec $bin/fusec \
  --runtime device-pkg/lib/libfusec_runtime.so

# compute-sanitizer on small shapes: memcheck and racecheck.
for tool in memcheck racecheck; do
  for ex in naive_argmin gemm_argmin chain_f16 running_step; do
    run "$tool-$ex" compute-sanitizer --tool $tool --error-exitcode 9 \
      fuse-run examples/$ex.mlir --mode=gpu --trials=2 --seed=21 --max-dynamic=70 --max-static=40
  done
  run "$tool-split" compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run examples/naive_argmin.mlir --mode=gpu --trials=1 --dims=s0=300 \
    --keep-extent=256,512 --split=3 --tile-m=64 --tile-n=64
  run "$tool-fma-t8" compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 --dims=s0=300 \
    --keep-extent=250,500 $t8
  run "$tool-fma-t8x16" compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 --dims=s0=300 \
    --keep-extent=250,500 $t8x16
  run "$tool-fma-async" compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run examples/gemm_argmin.mlir --mode=gpu --trials=1 --dims=s0=300 \
    --keep-extent=250,500 $t8x16 --stages=2 --tile-k=16
  run "$tool-fma-async-naive" compute-sanitizer --tool $tool --error-exitcode 9 \
    fuse-run examples/naive_argmin.mlir --mode=gpu --trials=1 --dims=s0=300 \
    --keep-extent=250,37 $t8 --stages=3
done

echo "gpu-tests: $failures failed" >> "$log"
tail -n 5 "$log"
exit $failures
