#!/usr/bin/env bash
# Session 40, device call 2: --precision=auto, the new default.
# 1. bench/ab.py of the naive example compiled for sm_90a with
#    --precision=ieee (the FMA kernel, the old default) against the default
#    (auto: the certified 3xTF32 kernel), at three shapes whose rows are not
#    tile multiples: the labels must be equal on every row.
# 2. gpu-tests.sh's cases of the default on sm_90a and of the certified
#    kernel, with the static fuse-run of this commit (against the
#    reference evaluator).
# Carries device-pkg/lib/libfusec_runtime.so, device-pkg/bin/fuse-run.xz
# device-pkg/k5.tar.xz (device-pkg13: the ieee and auto kernels) and
# device-pkg/bk-probe (the probe's bench kernels).
set -u
cd "$(dirname "$0")/../../../.."
[ -d device-pkg13/auto ] || tar -xJf device-pkg/k5.tar.xz
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export REPS=10
N=4096 K=256 D=512 ab ab-probe device-pkg13/ieee device-pkg13/auto naive.k256d512
NOREF=1 N=40000 K=1000 D=200 ab ab-k1000 device-pkg13/ieee device-pkg13/auto naive.k1000d200
NOREF=1 N=5003 K=64 D=8192 ab ab-d8192 device-pkg13/ieee device-pkg13/auto naive.k64d8192
unset REPS
. scripts/device/bin-env.sh
gpu_tests 'naive-auto|tc-wg-certified|^naive_argmin$' 300
# 3. The probe with every peer (bench.py), main's bench kernels for that
#    shape (device-pkg/bk-probe): the certified row is now the default's.
[ $(elapsed) -lt 330 ] && bench_shapes probe device-pkg/bk-probe probe --budget-seconds 90
echo "done ($(elapsed) s)"
