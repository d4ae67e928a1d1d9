#!/usr/bin/env bash
# Session 23, device call 2: why run 1's candidates by TMA ran 6% slower.
# ctmaA issues the ring's next load after the rows' TMA (not before);
# ctmaB is ctmaA with a ring of 2 slots (160 KiB of shared memory instead
# of 193 KiB); v28big is version 28's kernel launched with run 1's
# 193136 bytes of dynamic shared memory (less L1 left).
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,ctma,ctmaA,ctmaB,v28big}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for new in v28big ctma ctmaA ctmaB ctmaA; do
  echo "== v28 -> $new (probe)"
  REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/$new \
    gemm_argmin.probe.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
