#!/usr/bin/env bash
# Session 45, device call 4: where the certified Gram kernel's open-row
# time goes at d = 1024 (uniform data). Timing-only variants of main's
# kernel (their labels may differ): nofull skips the replays of rows open
# over every candidate (their label stays the 3xTF32 walk's), nofew skips
# those of rows open over a few. ab reports how many labels differ.
# Then, on an H200 only, the probe with every peer.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bk-probe.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
export REPS=20 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 ab nofull-k256d1024 device-pkg/ab/cert device-pkg/ab/nofull gram.k256d1024
N=8192 K=256 D=1024 ab nofew-k256d1024 device-pkg/ab/cert device-pkg/ab/nofew gram.k256d1024
N=16384 K=1024 D=1024 ab nofull-k1024d1024 device-pkg/ab/cert device-pkg/ab/nofull gram.k1024d1024
unset REPS NOREF NOTIES
if [[ $SESSION_GPU == *H200* ]]; then
  bench_shapes probe device-pkg/bk-probe probe --budget-seconds 80
  (cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
fi
echo "done ($(elapsed) s)"
