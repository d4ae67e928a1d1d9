#!/usr/bin/env bash
# Session 27, device call 11: the producers' duty with each thread's four
# chunks of a slice consecutive in one candidate row (rowchunks, a
# FUSEC_EXP build): one compensated pair a sum instead of four, two lanes
# a row instead of eight; loads of 16 rows x 2 half slices a warp.
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=device-pkg/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
echo "== v33 (old) against rowchunks (new)"
REPS=40 python3 bench/ab.py $R $E/v33 $E/rowchunks $K 2>&1 | tee $OUT/ab.txt
