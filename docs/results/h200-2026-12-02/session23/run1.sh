#!/usr/bin/env bash
# Session 23, device call 1: candidates by TMA for the split producer's
# few rows (device-pkg2/ctma) against version 28 (device-pkg2/v28) on the
# probe; the new kernels alone at k = 1000, d = 200 (128x64 split 4 in
# clusters of 4) against float64, at 3001 and 20000 rows.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,ctma}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for i in 1 2; do
  echo "== v28 -> ctma (probe), pass $i"
  REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/ctma \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
done
for n in 3001 20000; do
  echo "== ctma alone, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=20 python3 $AB $R device-pkg2/ctma device-pkg2/ctma \
    gemm_argmin.odd.3xtf32-wgmma gemm_argmin.odd.3xtf32-recheck-wgmma 2>&1
done
} | tee $OUT/ab.txt
