#!/usr/bin/env bash
# Session 31, device call 3: the ledger's new choice for centroid-heavy's
# direct form (128x128 split 64, parts of 2 candidate tiles in the L2)
# against the unsplit kernel. Carries device-pkg2/{lib,v36}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
export NOREF=1 REPS=4
N=65536 K=16384 D=8192 ab chn64 device-pkg2/v36/a device-pkg2/v36/b naive_ch_s64
