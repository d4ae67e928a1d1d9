#!/usr/bin/env bash
# Session 33, device call 1: --precision=3xtf32-certified against the
# direct form's IEEE kernel (labels must be equal) and against 3xtf32 with
# --allow-reassociation (the certification's cost), by bench/ab.py.
# device-pkg3/{a,b,c}: a = fusec default (direct form, FMA units), b =
# --precision=3xtf32-certified --arch=sm_90a, c = --allow-reassociation
# --precision=3xtf32 --arch=sm_90a; each kernel compiled from
# examples/naive_argmin.mlir with k and d substituted.
set -u
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
N=4096 K=256 D=512 REPS=20 ab probe-ab device-pkg3/a device-pkg3/b probe
N=4096 K=256 D=512 REPS=20 NOREF=1 ab probe-cb device-pkg3/c device-pkg3/b probe
N=4000 K=200 D=100 REPS=10 ab k200d100-ab device-pkg3/a device-pkg3/b k200d100
N=3001 K=1000 D=200 REPS=10 ab k1000d200-ab device-pkg3/a device-pkg3/b k1000d200
N=40000 K=1000 D=200 REPS=5 NOREF=1 ab k1000d200big-ab device-pkg3/a device-pkg3/b k1000d200big
N=8192 K=256 D=2048 REPS=10 ab k256d2048-ab device-pkg3/a device-pkg3/b k256d2048
N=8192 K=256 D=2048 REPS=10 NOREF=1 ab k256d2048-cb device-pkg3/c device-pkg3/b k256d2048
echo "done ($(elapsed) s)"
