#!/usr/bin/env bash
# Session 28, device call 2: empty-kernel launch costs (launch_cost.cu).
set -u
cd "$(dirname "$0")"
export PATH=$PATH:/usr/local/cuda/bin
nvcc -O2 -arch=sm_90a -o /tmp/launch_cost launch_cost.cu && /tmp/launch_cost | tee $OUT/launch_cost.txt
