#!/usr/bin/env bash
# Session 22, device call 4: the probe's 3xTF32 kernels, version 27
# (device-pkg2/v27full) against the producers' duty after the stage's
# arrival (pduty1, run 3's kernels) and the duty of the previous slice
# while the loads are in flight (pduty2). ab.py now warms the GPU up first.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v27full,pduty1,pduty2}.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-02/session22
R=build/lib/libfusec_runtime.so
for pair in "v27full pduty1" "v27full pduty2" "pduty1 pduty2" "v27full pduty2"; do
  set -- $pair
  echo "== $1 -> $2"
  REPS=100 python3 $S/ab.py $R device-pkg2/$1 device-pkg2/$2 \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
done | tee $OUT/ab.txt
