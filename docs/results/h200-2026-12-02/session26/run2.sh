#!/usr/bin/env bash
# Session 26, device call 2 (FUSEC_EXP builds, not in the tree): orders of
# the split producer's slice against version 31 (base) and dutyfirst,
#  splitfirst: the slice's TF32 parts formed in registers before the wait
#    for a free stage, only the stores after it;
#  lateload: the next slice's chunk loads after this slice's arrival
#    (MEMBAR.ALL.CTA of the proxy fence may wait for loads in flight);
# knock-outs of the fixed part of a call (noepi: the epilogue's candidate
# values of one column only; noorigin: mu a constant, no loads of it), and
# d = 64, 128, 256, 512, 1024 for base and dutyfirst (the fixed part of a
# call against the per-slice part), and NOFLUSH for both.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
{
for v in dutyfirst dutyfirst_splitfirst lateload lateload_splitfirst; do
  echo "== base (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
for v in dutyfirst_noepi dutyfirst_noorigin dutyfirst_noepi_noorigin; do
  echo "== dutyfirst (old) against $v (new)"
  NOREF=1 REPS=40 python3 bench/ab.py $R $E/dutyfirst $E/$v $K 2>&1 | grep -v "first differing\|float64 d"
done
echo "== NOFLUSH base (old) against dutyfirst (new)"
NOFLUSH=1 REPS=40 python3 bench/ab.py $R $E/base $E/dutyfirst $K 2>&1
for D in 64 128 256 1024; do
  echo "== d=$D: base (old) against dutyfirst (new)"
  D=$D REPS=40 python3 bench/ab.py $R $E/d${D}_base $E/d${D}_dutyfirst $K 2>&1
done
} | tee $OUT/ab.txt
