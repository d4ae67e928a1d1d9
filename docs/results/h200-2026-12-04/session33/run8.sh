#!/usr/bin/env bash
# Session 33, device call 8: mma_error.py, the measured 3xTF32 accumulation
# error against the certified bound's MMA term, at d = 512, 2048 and 8192.
set -u
S=docs/results/h200-2026-12-04/session33
N=4096 K=256 D=512 python3 $S/mma_error.py
N=4096 K=256 D=2048 python3 $S/mma_error.py
N=1024 K=1024 D=8192 python3 $S/mma_error.py
