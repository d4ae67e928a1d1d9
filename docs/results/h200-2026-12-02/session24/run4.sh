#!/usr/bin/env bash
# Session 24, device call 4: the probe's 3xTF32 and TF32 wgmma kernels
# with the mbarrier waits as a spin on mbarrier.test_wait (never
# suspends) instead of try_wait with the 1 ms hint (which may suspend
# the warp; without the hint it still may, for a system-dependent time:
# session 23's experiment). spinc: the consumers' wait for a full stage;
# spinp: the producers' wait for a free stage; spincp: both. Against
# version 29 (bench/ab.py, ABBA), L2 flushed as in the bench.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v29,spinc,spinp,spincp}.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K="gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma"
{
for v in spinc spinp spincp; do
  echo "== version 29 (old) against $v (new)"
  REPS=60 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/$v $K 2>&1
done
echo "== spincp (old) against version 29 (new)"
REPS=60 python3 bench/ab.py $R device-pkg2/spincp device-pkg2/v29 $K 2>&1
} | tee $OUT/ab.txt
