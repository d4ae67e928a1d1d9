#!/usr/bin/env bash
# Session 20, ninth device call: scripts/device/ncu-full.sh on the probe's
# 3xtf32-recheck-wgmma program (the final kernels, built into
# device-pkg2/prof), its merge entry only, two warm launches skipped.
set -u
cd "$(dirname "$0")/../../../.."
OUT=$OUT scripts/device/ncu-full.sh -k '_merge$' -s 2 device-pkg2/lib/libfusec_runtime.so \
  device-pkg2/prof/gemm_argmin.probe.3xtf32-recheck-wgmma.ptx
echo "rc $?"; ls -la $OUT
