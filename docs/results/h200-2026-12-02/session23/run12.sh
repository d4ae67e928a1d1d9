#!/usr/bin/env bash
# Session 23, device call 12: for the producers' duty, only the consumers
# compute the origin, after the TMA setup, and the producers sum the
# candidates' features (mu . c = mu times that sum, in the epilogue):
# device-pkg2/orig against version 28 with bench/ab.py (ABBA), and orig
# alone at k = 1000, d = 200 against float64.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,orig}.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
{
echo "== v28 -> orig (probe)"
REPS=100 python3 bench/ab.py $R device-pkg2/v28 device-pkg2/orig \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
for n in 3001 20000; do
  echo "== orig alone, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=10 python3 bench/ab.py $R device-pkg2/orig device-pkg2/orig \
    gemm_argmin.odd.3xtf32-wgmma gemm_argmin.odd.3xtf32-recheck-wgmma 2>&1
done
echo "== v28 -> orig (probe), again"
REPS=100 python3 bench/ab.py $R device-pkg2/v28 device-pkg2/orig gemm_argmin.probe.3xtf32-wgmma 2>&1
} | tee $OUT/ab.txt
