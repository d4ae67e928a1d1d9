#!/usr/bin/env bash
# Session 27, device call 3: the split producer's instructions a slice
# (308 SASS a thread in version 32's loop: 80 of them the next slice's four
# guarded chunk loads in 64-bit arithmetic, 91 the split and stores, 92 the
# duty). FUSEC_EXP builds, not in the tree:
#  noguard: no row guard on the candidate chunk loads where k is static and
#    a multiple of the candidate tile (every tile then lies inside C);
#  noopq: the prefetch's chunk addresses from the plain thread index, so
#    that LLVM hoists them out of the slice loop (no opaque index);
#  noopqst: the same for the stores' addresses;
#  relaxsetup: as in runs 1-2.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
{
for v in noguard noguard_noopq noguard_noopq_noopqst noguard_noopq_relaxsetup noguard_noopq_noopqst_relaxsetup; do
  echo "== base (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
} | tee $OUT/ab.txt
