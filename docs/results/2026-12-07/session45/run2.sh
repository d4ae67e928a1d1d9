#!/usr/bin/env bash
# Session 45, device call 2: the replay's loads prefetched. device-pkg/ab/
# pf: one bulk prefetch of each pair's row and candidate into the L2 at
# the replay's start; pfl1: that and the L1 asked for each step's lines
# four steps ahead. Against main's kernels (cert, ncert), same process.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=20 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 ab pf-k256d1024 device-pkg/ab/cert device-pkg/ab/pf gram.k256d1024
N=8192 K=256 D=1024 ab pfl1-k256d1024 device-pkg/ab/cert device-pkg/ab/pfl1 gram.k256d1024
unset NOREF NOTIES
export REPS=40
NOTIES=1 ab pfl1-probe-uniform device-pkg/ab/cert device-pkg/ab/pfl1 gram.k256d512
ab pfl1-probe device-pkg/ab/cert device-pkg/ab/pfl1 gram.k256d512
NOTIES=1 ab pfl1-naive-uniform device-pkg/ab/ncert device-pkg/ab/pfl1 naive.k256d512
SEPARATED=1 ab sep-probe device-pkg/ab/cert device-pkg/ab/pfl1 gram.k256d512
# The walk's overheads over plain 3xTF32 (tf3): nofold is pfl1 without the
# per-slice folds (one MMA chain over d; its bounds are then not valid, a
# timing only).
SEPARATED=1 ab sep-nofold device-pkg/ab/pfl1 device-pkg/ab/nofold gram.k256d512
SEPARATED=1 ab sep-tf3 device-pkg/ab/tf3 device-pkg/ab/pfl1 gram.k256d512
unset REPS
# This commit's static fuse-run (the prefetching replays): every certified
# case, the Gram form's and the direct form's.
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
echo "done ($(elapsed) s)"
