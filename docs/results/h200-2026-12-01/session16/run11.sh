#!/usr/bin/env bash
# Session 16, eleventh device call: does the persistent fp16 kernel's time
# follow its rounds of work items (4096 items = 32 rounds of 132 blocks, the
# last with 4 items) or its work?
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
OUT=$OUT timeout 200 python3 $S/f16-tail.py device-pkg/lib/libfusec_runtime.so device-pkg/bench-kernels/gemm_argmin_f16.sample-heavy-f16.wgmma.ptx > $OUT/f16-tail.log 2>&1
echo "rc $?"; tail -3 $OUT/f16-tail.log
