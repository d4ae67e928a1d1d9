#!/usr/bin/env bash
# Session 25, device call 3: as call 2, with the next slice's chunk loads
# issued after the stage's arrival (past fence.proxy.async, whose
# MEMBAR.ALL.CTA waited for them in call 2), 3 and 4 stages; the recheck;
# k = 1000, d = 200 against float64; sample-heavy.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
E=device-pkg2/exp3
P="gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma"
{
echo "== base_s3 (old) against pf_s3 (new), probe"
REPS=40 python3 bench/ab.py $R $E/base_s3 $E/pf_s3 $P 2>&1
echo "== pf_s3 (old) against base_s3 (new), probe"
REPS=40 python3 bench/ab.py $R $E/pf_s3 $E/base_s3 $P 2>&1
echo "== base_s3 (old) against pf_s4 (new), probe"
REPS=40 python3 bench/ab.py $R $E/base_s3 $E/pf_s4 $P 2>&1
echo "== pf_s4 (old) against base_s3 (new), probe"
REPS=40 python3 bench/ab.py $R $E/pf_s4 $E/base_s3 $P 2>&1
echo "== base_s4 (old) against pf_s4 (new), probe"
REPS=40 python3 bench/ab.py $R $E/base_s4 $E/pf_s4 $P 2>&1
for n in 3001 20000; do
  echo "== base against pf, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=10 python3 bench/ab.py $R $E/base_s3 $E/pf_s3 gemm_argmin.odd.3xtf32-wgmma 2>&1
done
echo "== base against pf, sample-heavy"
N=131072 K=8192 D=8192 NOREF=1 REPS=4 timeout 200 python3 bench/ab.py $R $E/base_s3 $E/pf_s3 \
  gemm_argmin.sample-heavy.3xtf32-wgmma 2>&1
} | tee $OUT/ab.txt
