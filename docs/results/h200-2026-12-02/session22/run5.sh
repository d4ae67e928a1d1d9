#!/usr/bin/env bash
# Session 22, device call 5: the split producer loads each slice's
# candidate chunks with the previous slice (producerPrefetch, every split
# producer kernel: device-pkg2/pre) against version 27 (v27full) and the
# producers' duty alone (pduty1, the probe), on the probe, sample-heavy
# and feature-heavy. Carries build/lib/libfusec_runtime.so,
# device-pkg2/{v27full,pduty1,pre}.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-02/session22
R=build/lib/libfusec_runtime.so
{
echo "== v27full -> pre (probe)"
REPS=100 python3 $S/ab.py $R device-pkg2/v27full device-pkg2/pre \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
echo "== pduty1 -> pre (probe)"
REPS=100 python3 $S/ab.py $R device-pkg2/pduty1 device-pkg2/pre \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1
echo "== v27full -> pre (sample-heavy)"
N=131072 K=8192 D=8192 REPS=8 NOREF=1 python3 $S/ab.py $R device-pkg2/v27full device-pkg2/pre \
  gemm_argmin.sample-heavy.3xtf32-wgmma gemm_argmin.sample-heavy.3xtf32-wgmma-m128 2>&1
echo "== v27full -> pre (feature-heavy)"
N=65536 K=4096 D=16384 REPS=8 NOREF=1 python3 $S/ab.py $R device-pkg2/v27full device-pkg2/pre \
  gemm_argmin.feature-heavy.3xtf32-wgmma 2>&1
} | tee $OUT/ab.txt
