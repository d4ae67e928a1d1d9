#!/usr/bin/env bash
# Session 17, twelfth device call: run 10's tf32 A/B again, in two orders
# (the new kernel first, then the old first), without SGEMM between them.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
A="device-pkg/lib/libfusec_runtime.so $S/old-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx device-pkg/bench-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx"
OUT=$OUT TAG=tf32-ab-new-first ORDER=v23,v22 ROUNDS=7 timeout 100 python3 $S/tf32-ab.py $A > $OUT/tf32-ab-2.log 2>&1; echo "rc $?"; tail -1 $OUT/tf32-ab-2.log
OUT=$OUT TAG=tf32-ab-old-first ORDER=v22,v23 ROUNDS=7 timeout 100 python3 $S/tf32-ab.py $A > $OUT/tf32-ab-3.log 2>&1; echo "rc $?"; tail -1 $OUT/tf32-ab-3.log
