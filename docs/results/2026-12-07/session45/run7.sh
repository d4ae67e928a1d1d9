#!/usr/bin/env bash
# Session 45, device call 7 (the last seconds of the session's device
# time): next.sh's step 0 alone, the rows each tile replays at d = 1024.
# Carries device-pkg/lib, device-pkg/ab.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=2 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 OPENTAGS=128 ab tags-k256d1024 device-pkg/ab/cert device-pkg/ab/tags gram.k256d1024
OPENTAGS=64 ab tags-probe device-pkg/ab/cert device-pkg/ab/tags gram.k256d512
N=16384 K=1024 D=1024 OPENTAGS=128 ab tags-k1024d1024 device-pkg/ab/cert device-pkg/ab/tags gram.k1024d1024
echo "done ($(elapsed) s)"
