#!/usr/bin/env bash
# Session 17, sixth device call: 192x192 tiles for sample-heavy-f16 (11%
# fewer L2 bytes an output than 128x256) at 2-6 candidate parts, beside
# version 22's kernel and cuBLAS, in bursts after rests (burst-f16.py).
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
OUT=$OUT REPS=20 REST=4 VARIANTS=plain-v22,t192x192-s2,t192x192-s3,t192x192-s4,t192x192-s5,t192x192-s6 \
  timeout 400 python3 $S/burst-f16.py device-pkg/lib/libfusec_runtime.so $S/f16-tiles > $OUT/burst-tiles.log 2>&1
echo "rc $?"; tail -12 $OUT/burst-tiles.log
