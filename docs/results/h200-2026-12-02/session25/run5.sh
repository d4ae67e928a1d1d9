#!/usr/bin/env bash
# Session 25, device call 5: four producer warpgroups instead of two for the
# probe's split producer (FUSEC_EXP=prod4: 512 producer threads of 64
# registers, 2 chunks each), alone and with the early prefetch (pf,pfearly)
# and without the chunk guards (nochunkguard), 3 and 4 stages, each against
# the unchanged build with 3 stages (bench/ab.py, ABBA; labels and float64).
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
E=device-pkg2/exp5
P="gemm_argmin.probe.3xtf32-wgmma"
{
for v in prod4_s3 prod4_s4 prod4_nochunkguard_s3 prod4_nochunkguard_s4 prod4_pf_pfearly_s3 prod4_pf_pfearly_s4 prod4_pf_pfearly_nochunkguard_s3 prod4_pf_pfearly_nochunkguard_s4 pf_pfearly_nochunkguard_s3 pf_pfearly_nochunkguard_s4; do
  echo "== base_s3 (old) against $v (new), probe"
  REPS=40 timeout 90 python3 bench/ab.py $R $E/base_s3 $E/$v $P 2>&1
done
} | tee $OUT/ab.txt
