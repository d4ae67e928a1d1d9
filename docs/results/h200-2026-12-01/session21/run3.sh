#!/usr/bin/env bash
# Session 21, device call 3: how many clusters the H200 holds at once for
# the new cluster-split kernels (clusters.py), and where the probe's
# 3xTF32 kernel's time jumps as the clusters grow (ab.py at 24-32 row tiles).
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session21
N=device-pkg2/new-kernels
mkdir -p $OUT
python3 $S/clusters.py $N/gemm_argmin.probe.3xtf32-wgmma.ptx $N/gemm_argmin.probe.auto.ptx \
  $N/naive_argmin.probe.auto.ptx $N/gemm_argmin_f16.probe-f16.auto.ptx $N/gemm_argmin.probe.128x128-split2.ptx \
  $N/gemm_argmin.probe.tf32.ptx $N/gemm_argmin.probe.3xtf32.ptx 2>&1 | tee $OUT/clusters.txt
for tiles in 26 28 29 30 31 32; do
  N=$((tiles * 128)) REPS=15 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels device-pkg2/new-kernels \
    gemm_argmin.probe.3xtf32-wgmma 2>&1 | sed "s/^/n=$((tiles*128)) /" | tee -a $OUT/sweep.txt
done
