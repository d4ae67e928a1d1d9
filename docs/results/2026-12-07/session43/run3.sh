#!/usr/bin/env bash
# Session 43, device call 3: where the certified Gram kernel's time goes
# at d = 1024 (the ledger predicted 465.5 / 64.5 us, measured 713.1 /
# 118.75 us with bench/ab.py's default data).
# 1. SEPARATED=1 (each row a candidate plus noise: the bounds decide every
#    row, no replays): certified against the FMA kernel.
# 2. Default data: certified against plain 3xTF32 (the same MMAs without
#    bounds, folds or replays).
# Carries device-pkg/lib, device-pkg/ab.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export REPS=20 NOREF=1
SEPARATED=1 N=16384 K=1024 D=1024 ab sep-k1024d1024 device-pkg/ab/ieee device-pkg/ab/cert gram.k1024d1024
SEPARATED=1 N=8192 K=256 D=1024 ab sep-k256d1024 device-pkg/ab/ieee device-pkg/ab/cert gram.k256d1024
N=16384 K=1024 D=1024 ab tf3-k1024d1024 device-pkg/ab/tf3 device-pkg/ab/cert gram.k1024d1024
N=8192 K=256 D=1024 ab tf3-k256d1024 device-pkg/ab/tf3 device-pkg/ab/cert gram.k256d1024
echo "done ($(elapsed) s)"
