#!/usr/bin/env bash
# Session 27, device call 12: the consumers' four ldmatrix of a slice
# issued together after the full stage's wait, each k-step then splitting
# its loaded fragment (ldmfirst, a FUSEC_EXP build); twice, ABBA.
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=device-pkg/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
for i in 1 2; do
  echo "== v33 (old) against ldmfirst (new), $i"
  REPS=40 python3 bench/ab.py $R $E/v33 $E/ldmfirst $K 2>&1
done | tee $OUT/ab.txt
