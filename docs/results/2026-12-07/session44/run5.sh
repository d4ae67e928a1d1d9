#!/usr/bin/env bash
# Next call (prepared in session 44): where the certified Gram kernel's
# excess at d = 1024 goes.
# 1. bench/ab.py at 8192 x 256 x 1024 on uniform data (NOTIES=1) and with
#    SEPARATED=1, plain 3xTF32 against the certified kernel: the open
#    rows' cost without the planted ties.
# 2. Nsight Compute's full set and SASS source view of one call of the
#    certified kernel there on uniform data (scripts/device/ncu-full.sh;
#    read with scripts/ncu-stalls.py): which lines hold the warps.
# 3. run4.sh's comparison (steps of 64 features at the probe).
# Carries device-pkg/lib, device-pkg/ab.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export REPS=20 NOREF=1 N=8192 K=256 D=1024
NOTIES=1 ab uniform-k256d1024 device-pkg/ab/tf3 device-pkg/ab/cert gram.k256d1024
SEPARATED=1 ab sep-k256d1024 device-pkg/ab/tf3 device-pkg/ab/cert gram.k256d1024
unset REPS NOREF
OUT=$OUT/ncu scripts/device/ncu-full.sh -k '_k0$' $SESSION_RUNTIME \
  device-pkg/ab/cert/gram.k256d1024.ptx
unset N K D
(cd "$OUT" && tar czf ncu.tgz ncu && rm -rf ncu)
export REPS=40
ab probe16 device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
NOTIES=1 ab probe16-uniform device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
echo "done ($(elapsed) s)"
