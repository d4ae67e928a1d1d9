#!/usr/bin/env bash
# Session 45, device call 5: rows open over every candidate replayed in
# groups of up to four (staged in shared memory, one pass over the
# candidates for the group; device-pkg/ab/fullg) against main's (k pairs
# a row, a thread each). First run4.sh's split (nofull, nofew), then the
# comparison on uniform data and at the probe, then the certified
# gpu-tests with this commit's static fuse-run.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=20 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 ab nofull-k256d1024 device-pkg/ab/cert device-pkg/ab/nofull gram.k256d1024
N=8192 K=256 D=1024 ab nofew-k256d1024 device-pkg/ab/cert device-pkg/ab/nofew gram.k256d1024
N=8192 K=256 D=1024 ab fullg-k256d1024 device-pkg/ab/cert device-pkg/ab/fullg gram.k256d1024
N=16384 K=1024 D=1024 ab fullg-k1024d1024 device-pkg/ab/cert device-pkg/ab/fullg gram.k1024d1024
unset NOREF NOTIES
export REPS=40
NOTIES=1 ab fullg-probe-uniform device-pkg/ab/cert device-pkg/ab/fullg gram.k256d512
ab fullg-probe device-pkg/ab/cert device-pkg/ab/fullg gram.k256d512
unset REPS
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
echo "done ($(elapsed) s)"
