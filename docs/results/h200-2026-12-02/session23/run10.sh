#!/usr/bin/env bash
# Session 23, device call 10: run 9 timed one kernel in both of ab.py's
# slots and found it 1-3% slower (3xTF32) or 3-8% faster (TF32) in the
# second. So each comparison runs in both orders here: version 28 against
# itself, against the candidates by TMA with a ring of 2 and 4 stages
# (ctmaBs4), against ctmaA, and against the waits without the hint.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,ctmaBs4,ctmaA,nohint}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for pair in "v28 v28" "v28 ctmaBs4" "ctmaBs4 v28" "v28 ctmaA" "ctmaA v28" "v28 ctmaBs4" "ctmaBs4 v28"; do
  set -- $pair
  echo "== $1 -> $2 (probe)"
  REPS=100 python3 $AB $R device-pkg2/$1 device-pkg2/$2 gemm_argmin.probe.3xtf32-wgmma 2>&1
done
for pair in "v28 nohint" "nohint v28"; do
  set -- $pair
  echo "== $1 -> $2 (probe)"
  REPS=100 python3 $AB $R device-pkg2/$1 device-pkg2/$2 \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma gemm_argmin_f16.probe-f16.wgmma 2>&1
done
} | tee $OUT/ab.txt
