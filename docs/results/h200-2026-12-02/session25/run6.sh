#!/usr/bin/env bash
# Session 25, device call 6: the kept build (version 31, device-pkg from
# scripts/device/package.sh). Session 22's run6.sh suites (the GPU tests
# of every 3xTF32, cluster and few-rows case with the sanitizers, the
# 3xTF32 NaN / inf edge cases, the tensor-core check, the probe bench),
# then the large shapes' 3xTF32 kernels, whose chunk guards went away,
# against version 30's (device-pkg2/oldL; bench/ab.py, ABBA, labels).
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,
# bench-kernels,tc-kernels} and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
bash docs/results/h200-2026-12-02/session22/run6.sh
R=device-pkg/lib/libfusec_runtime.so
for s in sample-heavy centroid-heavy feature-heavy; do
  case $s in
    sample-heavy) N=131072 K=8192 D=8192;;
    centroid-heavy) N=65536 K=16384 D=8192;;
    feature-heavy) N=65536 K=4096 D=16384;;
  esac
  echo "== version 30 (old) against 31 (new), $s"
  N=$N K=$K D=$D NOREF=1 REPS=3 timeout 100 python3 bench/ab.py $R device-pkg2/oldL \
    device-pkg/bench-kernels gemm_argmin.$s.3xtf32-wgmma 2>&1
done | tee $OUT/ab-large.txt
