#!/usr/bin/env bash
# Session 42, device call 1: --precision=3xtf32-certified on a Gram form
# the user wrote (the default on sm_90a up to 2048 features).
# 1. gpu-tests.sh's certgram cases with this commit's static fuse-run:
#    labels equal to the native-precision reference's on every checked
#    row (--native-labels), random shapes, ties, equal rows, NaN, inf,
#    memcheck, racecheck.
# 2. bench/ab.py: the Gram example compiled for sm_90a with
#    --precision=ieee (the FMA kernel) against the default (certified), at
#    three shapes: times side by side, and where the labels differ.
# 3. The probe with every peer (bench.py): main's probe kernels plus the
#    certified Gram kernel.
# Carries device-pkg/lib, device-pkg/bin, device-pkg/ab, device-pkg/bk-probe.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
. scripts/device/bin-env.sh
gpu_tests 'certgram|gram-auto' 200
export REPS=20
ab ab-probe device-pkg/ab/ieee device-pkg/ab/cert gram.k256d512
[ $(elapsed) -lt 300 ] && NOREF=1 N=40000 K=1000 D=200 ab ab-k1000 device-pkg/ab/ieee device-pkg/ab/cert gram.k1000d200
[ $(elapsed) -lt 330 ] && NOREF=1 N=16384 K=1024 D=2048 ab ab-d2048 device-pkg/ab/ieee device-pkg/ab/cert gram.k1024d2048
unset REPS
[ $(elapsed) -lt 360 ] && bench_shapes probe device-pkg/bk-probe probe --budget-seconds 90
echo "done ($(elapsed) s)"
