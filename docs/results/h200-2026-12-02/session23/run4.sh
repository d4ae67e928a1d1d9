#!/usr/bin/env bash
# Session 23, device call 4: four stages. s4 is version 28's kernel with
# --stages=4; ctmaBs4 and ctmaCs4 are the candidates by TMA with rings of
# 2 and 3 slots and --stages=4 (a ring of 4 beside 4 stages does not fit).
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,s4,ctmaBs4,ctmaCs4}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for pair in "v28 s4" "v28 ctmaBs4" "v28 ctmaCs4" "s4 ctmaBs4" "s4 ctmaCs4"; do
  set -- $pair
  echo "== $1 -> $2 (probe)"
  REPS=100 python3 $AB $R device-pkg2/$1 device-pkg2/$2 \
    gemm_argmin.probe.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
