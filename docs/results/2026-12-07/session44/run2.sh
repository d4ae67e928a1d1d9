#!/usr/bin/env bash
# Session 44, device call 2: the open rows' replays by groups of lanes
# (emitCertifiedLabels' step 2, groupedDistance).
# 1. bench/ab.py, session 43's certified kernels (device-pkg/ab/cert,
#    ncert) against this commit's (device-pkg/ab/cert2): the Gram example
#    at the probe (default data with ties, then uniform), at 8192 x 256 x
#    1024 and 16384 x 1024 x 1024, and the naive example at the probe.
# 2. gpu-tests.sh's certified Gram cases, then the direct form's, with
#    this commit's static fuse-run (labels equal to the reference's on
#    every checked row; d = 1000 new, with groups whose last lanes are
#    past d).
# Carries device-pkg/lib, device-pkg/bin, device-pkg/ab.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export REPS=40
ab probe device-pkg/ab/cert device-pkg/ab/cert2 gram.k256d512
NOTIES=1 ab probe-uniform device-pkg/ab/cert device-pkg/ab/cert2 gram.k256d512
ab naive-probe device-pkg/ab/ncert device-pkg/ab/cert2 naive.k256d512
export REPS=20 NOREF=1
N=8192 K=256 D=1024 ab k256d1024 device-pkg/ab/cert device-pkg/ab/cert2 gram.k256d1024
N=16384 K=1024 D=1024 ab k1024d1024 device-pkg/ab/cert device-pkg/ab/cert2 gram.k1024d1024
unset REPS NOREF
. scripts/device/bin-env.sh
gpu_tests 'certgram' 200
mv $OUT/gpu-tests.txt $OUT/gpu-tests-certgram.txt
mv $OUT/gpu-tests.log.gz $OUT/gpu-tests-certgram.log.gz
left=$(( ${RUN_LIMIT:-420} - $(elapsed) ))
[ $left -gt 60 ] && gpu_tests 'tc-wg-certified' $left
echo "done ($(elapsed) s)"
