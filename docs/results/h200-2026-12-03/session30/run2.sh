#!/usr/bin/env bash
# Session 30, device call 2 (device-pkg2 rebuilt by build-variants.sh;
# bench/ab.py now tells bf16 kernels from f16 ones):
#  1. d sweep of the probe's 128x256 kernels and of 128x128 tiles split
#     in 2 candidate parts, tf32, f16 and bf16;
#  2. d sweep of the probe's 3xTF32 kernel;
#  3. sample-heavy's ieee Gram kernel against cuBLAS's organization
#     (128x128 tiles, 128 threads of 8x16, 8-feature slices): 3 and 2
#     cp.async stages, and register staging.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
P=device-pkg2
R=$P/lib/libfusec_runtime.so
T0=$(date +%s)
ab() { # ab <log> <dirA> <dirB> names...
  local log=$1; shift
  timeout 120 python3 bench/ab.py $R "$@" > $OUT/$log.log 2>&1
  echo "== $log rc $? ($(( $(date +%s) - T0 )) s) N=${N:-} D=${D:-}"
  grep -v "^  first" $OUT/$log.log | grep -v "by place" | head -40
}
for d in 128 256 512 1024 2048; do
  D=$d ab sweep-d$d $P/auto $P/m128n128s2 p-tf32-d$d p-f16-d$d p-bf16-d$d
done
for d in 128 256 512 1024 2048; do
  D=$d ab sweep-x3-d$d $P/x3 $P/x3 p-3xtf32-d$d
done
export N=131072 K=8192 D=8192 NOREF=1 REPS=4
for v in cb3 cb2 cbr; do
  ab large-$v $P/auto $P/$v sh-gram
done
echo "done $(( $(date +%s) - T0 )) s"
