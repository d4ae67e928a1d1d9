#!/usr/bin/env bash
# Session 17, first device call: what the fp16 sample-heavy kernel's norm
# duty costs (gin-f16-ab.py), then the kernels' SASS register and
# instruction counts.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $OUT/smi.txt 2>&1
OUT=$OUT ROUNDS=7 timeout 400 python3 $S/gin-f16-ab.py device-pkg/lib/libfusec_runtime.so $S/f16-gin > $OUT/gin-f16-ab.log 2>&1
echo "rc $?"; tail -4 $OUT/gin-f16-ab.log
