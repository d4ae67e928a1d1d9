#!/usr/bin/env bash
# Session 45, device call 6 (call 5's script, never run, cut to what the
# session's device time allows): the certified Gram gpu-tests with this
# commit's static fuse-run (the grouped replay of rows open over every candidate), then its time
# at 8192 x 256 x 1024 on uniform data and at the probe, against main's.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
. scripts/device/bin-env.sh
gpu_tests 'certgram' 90
export REPS=20 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 ab fullg-k256d1024 device-pkg/ab/cert device-pkg/ab/fullg gram.k256d1024
unset NOREF NOTIES
export REPS=40
ab fullg-probe device-pkg/ab/cert device-pkg/ab/fullg gram.k256d512
echo "done ($(elapsed) s)"
