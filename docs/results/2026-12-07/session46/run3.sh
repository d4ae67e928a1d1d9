#!/usr/bin/env bash
# Session 46, device call 3: a single pair's replay pipelined (each step
# of 32 features loads the next step's chunks before its chains, the
# loop carrying them) where a thread has 168 registers, against main's
# steps of 64 features (device-pkg/ab/steps64, commit 2972215's kernels).
# device-pkg/ab/pipe: scripts/device/ab-kernels.sh with the pipelined
# build (the replays' loads are issued rows first, then the candidate, in
# every kernel, so the d = 1024 kernels change order only).
# 1. bench/ab.py: the probe's Gram example with ties and uniform, the naive
#    example, and 8192 x 256 x 1024 (uniform) for the load order.
# 2. gpu-tests.sh's certified cases with the pipelined static fuse-run
#    (device-pkg/bin-new).
# Carries device-pkg/rt, device-pkg/ab, device-pkg/bin-new.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=40
ab pipe-probe device-pkg/ab/steps64 device-pkg/ab/pipe gram.k256d512
NOTIES=1 ab pipe-probe-uniform device-pkg/ab/steps64 device-pkg/ab/pipe gram.k256d512
ab pipe-naive device-pkg/ab/steps64 device-pkg/ab/pipe naive.k256d512
REPS=10 NOREF=1 NOTIES=1 N=8192 K=256 D=1024 \
  ab pipe-k256d1024 device-pkg/ab/steps64 device-pkg/ab/pipe gram.k256d1024
unset REPS
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
echo "done ($(elapsed) s)"
