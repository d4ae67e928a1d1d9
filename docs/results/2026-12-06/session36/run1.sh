#!/usr/bin/env bash
# Session 36, device call 1: version 39's certified kernel (first run on a
# GPU) against the direct form's FMA kernel (bench/ab.py: labels equal,
# then medians), on sample-heavy, feature-heavy, k = 256 d = 2048 and the
# probe; then gpu-tests.sh's certified cases. Before the call, here:
#   scripts/device/package.sh
#   bash docs/results/2026-12-06/session36/build-ab.sh
# Carries device-pkg/bin/fuse-run.xz, device-pkg/lib/libfusec_runtime.so
# and device-pkg3.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,memory.total \
  --format=csv | tee "$OUT/gpu.txt"
N=131072 K=8192 D=8192 REPS=2 NOREF=1 NOTIES=1 ab sh-an device-pkg3/a device-pkg3/n sh
N=65536 K=4096 D=16384 REPS=2 NOREF=1 NOTIES=1 ab fh-an device-pkg3/a device-pkg3/n fh
N=8192 K=256 D=2048 REPS=10 ab k256d2048-an device-pkg3/a device-pkg3/n k256d2048
N=4096 K=256 D=512 REPS=20 ab probe-an device-pkg3/a device-pkg3/n probe
echo "ab done ($(elapsed) s)"
. scripts/device/bin-env.sh
SESSION_RUNTIME=device-pkg/lib/libfusec_runtime.so
gpu_tests 'certified' 280
echo "done ($(elapsed) s)"
