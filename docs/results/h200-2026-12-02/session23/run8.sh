#!/usr/bin/env bash
# Session 23, device call 8: run 7's waits without the suspend-time hint
# on one side only: the producers' waits for a free stage (nohintP) or
# the consumers' waits for a full stage (nohintC), against version 28.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,nohintP,nohintC}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for new in nohintP nohintC; do
  echo "== v28 -> $new (probe)"
  REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/$new \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma \
    gemm_argmin_f16.probe-f16.wgmma 2>&1
done
} | tee $OUT/ab.txt
