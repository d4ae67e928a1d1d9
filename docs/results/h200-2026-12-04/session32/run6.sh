#!/usr/bin/env bash
# Session 32, device call 6: variants of sample-heavy's split Gram kernel
# (128x256 tiles split 16, fixed) against the ledger's (a = the bench's
# auto kernel, byte-identical): cp.async stages, slice depths, the 16x8
# thread tile. bench/ab.py, NOREF, 3 ABBA pairs each.
# Carries device-pkg2/{lib,var}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
export NOREF=1 REPS=3
for v in s2 s3 k4 k16 s2k16 t16x8 s3k4; do
  N=131072 K=8192 D=8192 ab var-$v device-pkg2/var/a device-pkg2/var/$v g
done
