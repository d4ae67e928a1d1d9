#!/usr/bin/env bash
# Session 17, second device call: is sample-heavy-f16 power-bound?
# (power-f16.py: bursts after rests, then alternating, with nvidia-smi's
# clock and power log).
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
nvidia-smi -q -d POWER,CLOCK > $OUT/smi-q.txt 2>&1
OUT=$OUT timeout 300 python3 $S/power-f16.py device-pkg/lib/libfusec_runtime.so $S/f16-gin/plain-v22.ptx > $OUT/power-f16.log 2>&1
echo "rc $?"; tail -8 $OUT/power-f16.log
