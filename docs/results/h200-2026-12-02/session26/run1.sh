#!/usr/bin/env bash
# Session 26, device call 1: what paces the probe's 3xTF32 kernel after
# version 31 (knock-outs, FUSEC_EXP builds not in the tree, labels wrong by
# construction), and two changes to the split producer:
#  tmahi: the candidates' big part is the raw slice, loaded by TMA (wgmma
#    reads fp32 as TF32 by dropping the low 13 bits); the producer stores
#    only the small part, x - trunc(x);
#  dutyfirst: the producer's norm duty before its wait for a free stage.
# Then the same at d = 256 and 1024 (8 and 32 slices): the fixed part of a
# call against the per-slice part.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
{
for v in tmahi dutyfirst tmahi_dutyfirst; do
  echo "== base (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
for v in base noapath nostores noduty nostores_noduty nostores_noduty_noapath; do
  echo "== base (old) against $v (new)"
  NOREF=1 REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1 | grep -v "first differing\|float64 d"
done
for D in 256 1024; do
  echo "== d=$D: base (old) against tmahi (new)"
  D=$D REPS=40 python3 bench/ab.py $R $E/d${D}_base $E/d${D}_tmahi $K 2>&1
done
} | tee $OUT/ab.txt
