#!/usr/bin/env bash
# Session 44, device call 4: the certified kernels' single-pair replays in
# steps of 64 features where a thread has 168 registers (device-pkg/ab/
# cert16) against main's steps of 32 (device-pkg/ab/cert, ncert), at the
# probe: the Gram example on default data (ties) and uniform data, and the
# naive example. Then, on an H200 only, run3.sh's probe bench.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bk-probe,
# device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=40
ab probe16 device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
NOTIES=1 ab probe16-uniform device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
ab naive16 device-pkg/ab/ncert device-pkg/ab/cert16 naive.k256d512
unset REPS
if [[ $SESSION_GPU == *H200* ]]; then
  LARGE_BEFORE=${LARGE_BEFORE:-0} bash docs/results/2026-12-07/session44/run3.sh
fi
echo "done ($(elapsed) s)"
