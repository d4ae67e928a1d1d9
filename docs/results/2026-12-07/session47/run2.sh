#!/usr/bin/env bash
# Session 47, device call (run1.sh cut to fit the device time left after
# the failed starts): main's certified Gram kernels against split's
# (each feature's XX, XC and CC together, and a few-candidate pair's three
# chains in three threads where they fit one round).
# 1. bench/ab.py main -> split: the probe's Gram example with ties and on
#    uniform data.
# 2. gpu-tests.sh's certified Gram cases and the direct form's deferred
#    ones (rows interleaved in their replay) with split's static fuse-run.
# 3. bench/ab.py at d = 1024 (8192 x 256, uniform), time allowing.
# Carries device-pkg/rt, device-pkg/ab, device-pkg/bin-new.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
REPS=20 ab split-probe device-pkg/ab/main device-pkg/ab/split gram.k256d512
REPS=20 NOTIES=1 ab split-probe-uniform device-pkg/ab/main device-pkg/ab/split gram.k256d512
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|certified-deferred' 150
if [ $(elapsed) -lt 300 ]; then
  REPS=8 NOTIES=1 N=8192 K=256 D=1024 ab split-d1024 device-pkg/ab/main device-pkg/ab/split gram.k256d1024
fi
if [ $(elapsed) -lt 330 ]; then
  REPS=20 NOTIES=1 ab inter-probe-uniform device-pkg/ab/main device-pkg/ab/inter gram.k256d512
fi
echo "done ($(elapsed) s)"
