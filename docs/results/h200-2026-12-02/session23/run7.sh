#!/usr/bin/env bash
# Session 23, device call 7: the TMA schedules' mbarrier waits without
# the 1 ms suspend-time hint (try_wait.parity in a loop, as inline PTX;
# device-pkg2/nohint) against version 28, on the probe's TMA kernels.
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v28,nohint}.
set -u
cd "$(dirname "$0")/../../../.."
AB=docs/results/h200-2026-12-02/session22/ab.py
R=build/lib/libfusec_runtime.so
{
for i in 1 2; do
  echo "== v28 -> nohint (probe), pass $i"
  REPS=100 python3 $AB $R device-pkg2/v28 device-pkg2/nohint \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma \
    gemm_argmin_f16.probe-f16.wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
done
} | tee $OUT/ab.txt
