#!/usr/bin/env bash
# Session 23, device call 11: bench/ab.py (calls in ABBA order) on the
# same kernels as run 10: version 28 against itself (three kernels), and
# against ctmaBs4 in both directions.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,ctmaBs4}.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
{
echo "== v28 -> v28 (probe)"
REPS=100 python3 bench/ab.py $R device-pkg2/v28 device-pkg2/v28 \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma gemm_argmin_f16.probe-f16.wgmma 2>&1
for pair in "v28 ctmaBs4" "ctmaBs4 v28"; do
  set -- $pair
  echo "== $1 -> $2 (probe)"
  REPS=100 python3 bench/ab.py $R device-pkg2/$1 device-pkg2/$2 gemm_argmin.probe.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
