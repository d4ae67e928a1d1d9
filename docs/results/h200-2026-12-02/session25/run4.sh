#!/usr/bin/env bash
# Session 25, device call 4: the split producer's chunk guards (a branch a
# chunk around its split and stores, though 256 threads divide the tile's
# 1024 chunks: FUSEC_EXP=nochunkguard), the duty's TwoSum as Fast2Sum
# (f2s, timing only), the early prefetch with 4 stages (pf_pfearly, call
# 2's pf_s4), each against the unchanged build with 3 stages (bench/ab.py,
# ABBA); k = 1000, d = 200 against float64.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
E=device-pkg2/exp4
P="gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma"
{
for v in nochunkguard_s3 nochunkguard_s4 nochunkguard_f2s_s3 nochunkguard_f2s_s4 pf_pfearly_s4 pf_pfearly_nochunkguard_s4 base_s4; do
  echo "== base_s3 (old) against $v (new), probe"
  REPS=40 python3 bench/ab.py $R $E/base_s3 $E/$v $P 2>&1
done
for v in nochunkguard_s4 pf_pfearly_nochunkguard_s4; do
  echo "== $v (old) against base_s3 (new), probe"
  REPS=40 python3 bench/ab.py $R $E/$v $E/base_s3 $P 2>&1
done
for v in nochunkguard_s3 nochunkguard_s4 pf_pfearly_nochunkguard_s4; do
  echo "== base_s3 against $v, n=20000 k=1000 d=200"
  N=20000 K=1000 D=200 REPS=10 python3 bench/ab.py $R $E/base_s3 $E/$v gemm_argmin.odd.3xtf32-wgmma 2>&1
done
} | tee $OUT/ab.txt
