#!/usr/bin/env bash
# Session 32, device call 4: the bundled direct-form example (k = 256,
# d = 512) at 2^20 rows, the unsplit 128x128 kernel (a: the choice before
# this session's rule, which gave split 1 the resident-part gain) against
# the split 2 of one-tile parts that the ledger takes when only a split
# earns the gain (b). Carries device-pkg2/{lib,gs}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
export NOREF=1 REPS=20
N=1048576 K=256 D=512 ab gs device-pkg2/gs/a device-pkg2/gs/b naive_gs
ls -la $OUT
