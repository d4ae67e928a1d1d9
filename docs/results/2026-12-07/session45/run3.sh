#!/usr/bin/env bash
# Session 45, device call 3: the open rows' replay tasks spread over the
# block's warps (consecutive tasks to consecutive warps; device-pkg/ab/
# spread) against main's (a task a thread in thread order: a few tasks
# share one warp). Uniform data and the default data with ties; then the
# certified gpu-tests with this commit's static fuse-run.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=20 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 ab spread-k256d1024 device-pkg/ab/cert device-pkg/ab/spread gram.k256d1024
N=16384 K=1024 D=1024 ab spread-k1024d1024 device-pkg/ab/cert device-pkg/ab/spread gram.k1024d1024
unset NOREF NOTIES
export REPS=40
NOTIES=1 ab spread-probe-uniform device-pkg/ab/cert device-pkg/ab/spread gram.k256d512
ab spread-probe device-pkg/ab/cert device-pkg/ab/spread gram.k256d512
NOTIES=1 ab spread-naive-uniform device-pkg/ab/ncert device-pkg/ab/spread naive.k256d512
unset REPS
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
echo "done ($(elapsed) s)"
