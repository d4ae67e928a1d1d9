#!/usr/bin/env bash
# Session 24, device call 3: the probe's 3xTF32 and TF32 wgmma kernels
# (version 29) with the L2 flushed before every call (as the bench does)
# and without (NOFLUSH=1: the 8.5 MB of inputs stay in the 60 MB L2), at
# 4096 and 1024 rows: how much of a slice is the first read of its rows
# and candidates from DRAM. Each build against itself (ABBA).
# Then version 29 against the same kernels with --stages=4, both ways.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v29,s4}.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K="gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma"
{
for n in 4096 1024; do
  for f in "" 1; do
    echo "== n=$n NOFLUSH=$f"
    N=$n NOFLUSH=$f REPS=40 python3 bench/ab.py $R device-pkg2/v29 \
      device-pkg2/v29 $K 2>&1
  done
done
echo "== n=4096: version 29 (old) against --stages=4 (new), L2 flushed"
REPS=40 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/s4 $K 2>&1
echo "== n=4096: the same, NOFLUSH=1"
NOFLUSH=1 REPS=40 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/s4 $K 2>&1
} | tee $OUT/ab.txt
