#!/usr/bin/env bash
# Session 23, device call 5: the rows' slices prefetched into L2 by TMA
# (cp.async.bulk.prefetch.tensor) ahead of their loads: rpf 4 slices
# ahead, rpf8 8, ctmarpf 4 with the candidates by TMA (ctmaA).
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,rpf,rpf8,ctmarpf}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for pair in "v28 rpf" "v28 rpf8" "v28 ctmarpf" "rpf rpf8"; do
  set -- $pair
  echo "== $1 -> $2 (probe)"
  REPS=100 python3 $AB $R device-pkg2/$1 device-pkg2/$2 \
    gemm_argmin.probe.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
