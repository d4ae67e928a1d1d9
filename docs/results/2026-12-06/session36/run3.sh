#!/usr/bin/env bash
# Session 36, device call 3: where the certified kernel's time goes on the
# large shapes. bench/ab.py with SEPARATED=1 (every row decided by the
# bounds: the walk alone) and on uniform data, the certified kernel (n)
# beside 3xTF32 with reassociation on the same 64x128 tiles (r).
# Before the call: bash docs/results/2026-12-06/session36/build-split.sh
# Carries device-pkg4.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg4/lib/libfusec_runtime.so
N=131072 K=8192 D=8192 REPS=3 NOREF=1 SEPARATED=1 ab sh-sep device-pkg4/n device-pkg4/r sh
N=65536 K=4096 D=16384 REPS=3 NOREF=1 SEPARATED=1 ab fh-sep device-pkg4/n device-pkg4/r fh
N=65536 K=4096 D=16384 REPS=3 NOREF=1 NOTIES=1 ab fh-uni device-pkg4/n device-pkg4/r fh
N=131072 K=8192 D=8192 REPS=3 NOREF=1 NOTIES=1 ab sh-uni device-pkg4/n device-pkg4/r sh
echo "done ($(elapsed) s)"
