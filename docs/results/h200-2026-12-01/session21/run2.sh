#!/usr/bin/env bash
# Session 21, device call 2: the split kernels whose parts meet in a
# cluster's shared memory (new) against the same kernels with the labels'
# atomics, memset and unpacking entry (old, version 26), on the probe:
# labels equal, time side by side (ab.py). Carries
# device-pkg/lib/libfusec_runtime.so and device-pkg2/{ref,new}-kernels.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session21
mkdir -p $OUT
python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels device-pkg2/new-kernels \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.auto gemm_argmin.probe.64x64-t8-split4 \
  gemm_argmin.probe.128x128-split2 naive_argmin.probe.auto naive_argmin.probe.64x64-t8-split4 \
  gemm_argmin.probe.3xtf32 gemm_argmin.probe.tf32 gemm_argmin.probe.3xtf32-wgmma-staging \
  gemm_argmin_f16.probe-f16.auto gemm_argmin_bf16.probe-bf16.auto 2>&1 | tee $OUT/ab-probe.txt
echo "ab rc ${PIPESTATUS[0]}"
# Odd row counts (not tile multiples), correctness only.
N=3001 REPS=3 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels device-pkg2/new-kernels \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.auto naive_argmin.probe.auto gemm_argmin_f16.probe-f16.auto 2>&1 | tee $OUT/ab-odd.txt
N=20000 REPS=3 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels device-pkg2/new-kernels \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.auto 2>&1 | tee -a $OUT/ab-odd.txt
