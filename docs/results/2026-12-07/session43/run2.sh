#!/usr/bin/env bash
# Session 43, device call 2: --precision=auto's ledger choice between the
# certified kernel and the FMA kernel, and the certified Gram form up to
# 1024 features.
# 1. gpu-tests.sh's certgram and gram-auto cases with this commit's static
#    fuse-run (the explicit mode's labels equal to the native-precision
#    reference's on every checked row, d = 1024 the largest).
# 2. bench/ab.py, the Gram example under --precision=ieee against
#    3xtf32-certified at 16384 x 1024 x 1024 and 8192 x 256 x 1024: does
#    the certified kernel run faster where the ledger now predicts it
#    (465.5 against 759.2 us, 64.5 against 185.7 us)?
# 3. The probe with every peer (bench.py), its tables packed in one file.
# Carries device-pkg/lib, device-pkg/bin, device-pkg/ab, device-pkg/bk-probe.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
. scripts/device/bin-env.sh
gpu_tests 'certgram|gram-auto' 200
export REPS=20
NOREF=1 N=16384 K=1024 D=1024 ab ab-k1024d1024 device-pkg/ab/ieee device-pkg/ab/cert gram.k1024d1024
[ $(elapsed) -lt 250 ] && NOREF=1 N=8192 K=256 D=1024 ab ab-k256d1024 device-pkg/ab/ieee device-pkg/ab/cert gram.k256d1024
unset REPS
[ $(elapsed) -lt 330 ] && bench_shapes probe device-pkg/bk-probe probe --budget-seconds 90
(cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
echo "done ($(elapsed) s)"
