#!/usr/bin/env bash
# Session 22, device call 9: the split producer's next slice's loads
# issued after the stage's arrival (device-pkg2/post, few rows only)
# against version 28's kept kernels (device-pkg/bench-kernels), twice.
# Carries device-pkg/{lib/libfusec_runtime.so,bench-kernels},
# device-pkg2/post.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-02/session22
R=device-pkg/lib/libfusec_runtime.so
for i in 1 2; do
  REPS=100 python3 $S/ab.py $R device-pkg/bench-kernels device-pkg2/post \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
done | tee $OUT/ab.txt
