#!/usr/bin/env bash
# Prepared for the next session's first device call (main's kernels are
# byte-identical to 2182127's, so device-pkg/ab/{cert,nofull,nofew} and
# device-pkg/bk-probe, bk-large still apply):
# 1. Which replays hold the certified Gram kernel's d = 1024 excess:
#    timing-only kernels without the rows open over every candidate
#    (nofull) or without the few-candidate rows (nofew); ab counts the
#    labels that change (README.md says how they were built, and how
#    the tagged kernels of step 0 were).
# 2. On an H200 only: the probe with every peer, then the large shapes'
#    naive rows as far as the call's time goes (never measured there with
#    the certified kernels).
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin-steps64,
# device-pkg/bk-probe, device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
# 0. How many rows each tile replays, on the GPU (device-pkg/ab/tags: main's
#    kernels built to tag their labels, bench/ab.py OPENTAGS=tile rows).
export REPS=2 NOREF=1 NOTIES=1
N=8192 K=256 D=1024 OPENTAGS=128 ab tags-k256d1024 device-pkg/ab/cert device-pkg/ab/tags gram.k256d1024
N=16384 K=1024 D=1024 OPENTAGS=128 ab tags-k1024d1024 device-pkg/ab/cert device-pkg/ab/tags gram.k1024d1024
OPENTAGS=64 ab tags-probe device-pkg/ab/cert device-pkg/ab/tags gram.k256d512
export REPS=20
N=8192 K=256 D=1024 ab nofull-k256d1024 device-pkg/ab/cert device-pkg/ab/nofull gram.k256d1024
N=8192 K=256 D=1024 ab nofew-k256d1024 device-pkg/ab/cert device-pkg/ab/nofew gram.k256d1024
N=16384 K=1024 D=1024 ab nofull-k1024d1024 device-pkg/ab/cert device-pkg/ab/nofull gram.k1024d1024
unset REPS NOREF NOTIES
# 1b. Steps of 64 features (branch session45-replay-steps, kernels in
#     device-pkg/ab/cert16): the probe's default data and the naive example.
export REPS=40
ab cert16-probe device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
NOTIES=1 ab cert16-naive device-pkg/ab/ncert device-pkg/ab/cert16 naive.k256d512
unset REPS
#     Its gpu-tests: the branch's static fuse-run (device-pkg/bin-steps64,
#     built at session45-replay-steps' head; gpu-tests.sh unpacks
#     device-pkg/bin, so it goes there on the device's copy), the
#     certified cases.
mkdir -p device-pkg/bin
cp device-pkg/bin-steps64/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
if [[ $SESSION_GPU == *H200* ]]; then
  LARGE_BEFORE=${LARGE_BEFORE:-200} \
    bash docs/results/2026-12-07/session44/run3.sh
fi
echo "done ($(elapsed) s)"
