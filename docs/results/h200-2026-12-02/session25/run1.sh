#!/usr/bin/env bash
# Session 25, device call 1: knock-outs of the probe's 3xTF32 split-producer
# kernel (FUSEC_EXP builds, not in the tree), each against the unchanged
# build (bench/ab.py, ABBA), to find what sets the slice's 1.05 us:
# noA (the consumers' A fragments constant: no ldmatrix, origin or split),
# nostore (producers store no parts), noduty (no candidate-norm duty),
# onemma (one MMA a k-step instead of three), norownorm (no row norms in the
# consumers), and combinations. Labels differ by construction (timing only).
# Also the SASS of the unchanged kernel.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
cuobjdump -sass device-pkg2/base.cubin > $OUT/base.sass 2>&1
{
for v in base noA nostore noduty onemma norownorm noA_norownorm nostore_noduty noA_nostore_noduty; do
  echo "== base (old) against $v (new)"
  NOREF=1 REPS=40 python3 bench/ab.py $R device-pkg2/exp/base device-pkg2/exp/$v $K 2>&1 | grep -v "first differing\|float64 d"
done
} | tee $OUT/ab.txt
