#!/usr/bin/env bash
# Session 17, third device call: sample-heavy-f16 variants in bursts after
# rests (burst-f16.py): cold first rep, power-capped steady state, clock.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
OUT=$OUT REPS=20 REST=4 timeout 400 python3 $S/burst-f16.py device-pkg/lib/libfusec_runtime.so $S/f16-gin > $OUT/burst-f16.log 2>&1
echo "rc $?"; tail -16 $OUT/burst-f16.log
