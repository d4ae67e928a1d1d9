#!/usr/bin/env bash
# Session 16, thirteenth device call: the 3xTF32 wgmma kernels of
# feature-heavy and centroid-heavy, whose last round the tail split now
# runs as single candidate tiles, against version 21's, cuBLAS SGEMM alone
# beside them (3 interleaved rounds), with their agreement with torch.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
OUT=$OUT SHAPES=feature-heavy,centroid-heavy timeout 150 python3 docs/results/h200-2026-11-30/session15/ab-norm-variants.py device-pkg/lib/libfusec_runtime.so $S/tx3-kernels v21 v22 > $OUT/tx3-ab.log 2>&1
echo "rc $?"; tail -3 $OUT/tx3-ab.log
