#!/usr/bin/env bash
# Session 23, device call 6: the rows in a ring of their own (4 slots,
# released by the consumers once read; the producer's first thread loads
# them two slices ahead) beside the candidates by TMA: rring (candidate
# ring of 4), rring2 (of 2), rring2s4 (of 2, 4 stages); the probe against
# version 28, and rring alone at k = 1000, d = 200 against float64.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,rring,rring2,rring2s4}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for new in rring rring2 rring2s4 rring; do
  echo "== v28 -> $new (probe)"
  REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/$new \
    gemm_argmin.probe.3xtf32-wgmma 2>&1
done
echo "== v28 -> rring (probe recheck)"
REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/rring gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
for n in 3001 20000; do
  echo "== rring alone, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=10 python3 $AB $R device-pkg2/rring device-pkg2/rring gemm_argmin.odd.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
