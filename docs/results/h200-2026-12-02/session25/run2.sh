#!/usr/bin/env bash
# Session 25, device call 2: the split producer loads the next slice's
# candidate chunks before it waits for, splits and stores the current one
# (FUSEC_EXP=pf), against the unchanged build (bench/ab.py, ABBA, both
# orders on the probe): the probe's 3xTF32 and recheck kernels, with the
# producers at 120 registers (preg120) and 4 stages (s4); odd shapes
# (k = 1000, d = 200) against float64; sample-heavy (labels compared).
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
E=device-pkg2/exp2
K=gemm_argmin.probe.3xtf32-wgmma
{
for v in pf pf_preg120 preg120 pf_s4; do
  echo "== base (old) against $v (new), probe"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
echo "== pf (old) against base (new), probe"
REPS=40 python3 bench/ab.py $R $E/pf $E/base $K 2>&1
echo "== recheck: base against pf"
REPS=40 python3 bench/ab.py $R $E/r_base $E/r_pf gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
for n in 3001 20000; do
  echo "== base against pf, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=10 python3 bench/ab.py $R $E/base $E/pf \
    gemm_argmin.odd.3xtf32-wgmma gemm_argmin.oddlarge.3xtf32-wgmma 2>&1
done
echo "== base against pf, sample-heavy"
N=131072 K=8192 D=8192 NOREF=1 REPS=4 timeout 200 python3 bench/ab.py $R $E/base $E/pf \
  gemm_argmin.sample-heavy.3xtf32-wgmma 2>&1
} | tee $OUT/ab.txt
