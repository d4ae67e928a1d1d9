#!/usr/bin/env bash
# Session 27, device call 4: version 33's probe kernel (run 3's
# noguard_noopq_noopqst_relaxsetup, byte-identical) against version 32's,
# and the producers' slice loop unrolled by two (unroll: the prefetched
# chunks take turns in two register sets instead of 16 moves a slice;
# ptxas spills 48 bytes).
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
{
echo "== base (old) against v33 (new)"
REPS=40 python3 bench/ab.py $R $E/base $E/v33 $K 2>&1
echo "== v33 (old) against unroll (new)"
REPS=40 python3 bench/ab.py $R $E/v33 $E/unroll $K 2>&1
} | tee $OUT/ab.txt
