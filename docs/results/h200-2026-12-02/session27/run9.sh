#!/usr/bin/env bash
# Session 27, device call 9 (calls 7-8: Nsight Compute on version 33's
# probe kernel, scripts/device/ncu-full.sh): the producers stall at their
# proxy fence and arrival (long scoreboard), where the next slice's chunk
# loads, issued at the iteration's head, are still in flight.
#  twoahead (FUSEC_EXP build, not in the tree): the chunks two slices
#    ahead, issued after the arrival (ptxas spills 12 bytes at 80).
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=device-pkg/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
echo "== v33 (old) against twoahead (new)"
REPS=40 python3 bench/ab.py $R $E/v33 $E/twoahead $K 2>&1 | tee $OUT/ab.txt
