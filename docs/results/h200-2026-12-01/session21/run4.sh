#!/usr/bin/env bash
# Session 21, device call 4: the probe's 3xTF32 schedules whose parts fit
# the H200's clusters at once (30 clusters of 4 one-block-a-SM blocks,
# run 3): every variant of device-pkg2/var against itself (ab.py: time
# and mismatches against float64), and version 26's ledger choice.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session21
V=device-pkg2/var
mkdir -p $OUT
python3 $S/clusters.py $V/*.ptx 2>&1 | tee $OUT/clusters.txt
names=$(cd $V && ls *.ptx | sed 's/\.ptx$//')
REPS=30 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so $V $V $names 2>&1 | tee $OUT/variants.txt
REPS=30 python3 $S/ab.py device-pkg/lib/libfusec_runtime.so device-pkg2/ref-kernels device-pkg2/ref-kernels \
  gemm_argmin.probe.3xtf32-wgmma 2>&1 | tee -a $OUT/variants.txt
