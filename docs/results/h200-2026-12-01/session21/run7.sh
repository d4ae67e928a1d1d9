#!/usr/bin/env bash
# Session 21, device call 7: version 27's probe 3xTF32 kernel (64x128,
# split 2 in clusters of two) at 2-5 stages (device-pkg2/var/stN, built
# with --stages=N; 3 is the default), each timed against itself (ab.py).
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session21
mkdir -p $OUT
REPS=40 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/var device-pkg2/var \
  st2 st3 st4 st5 st3 2>&1 | tee $OUT/stages.txt
