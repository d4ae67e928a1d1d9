#!/usr/bin/env bash
# Session 17, tenth device call: the other kernels that the warp-uniform
# warpgroup index changed: sample-heavy's tf32 wgmma kernel before and after
# (tf32-ab.py), and the probe and probe-bf16 bench rows.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
OUT=$OUT ROUNDS=5 timeout 120 python3 $S/tf32-ab.py device-pkg/lib/libfusec_runtime.so $S/old-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx device-pkg/bench-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx > $OUT/tf32-ab.log 2>&1
echo "tf32 rc $?"; tail -2 $OUT/tf32-ab.log
timeout 200 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/bench-kernels --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench --budget-seconds 120 --shapes probe,probe-bf16 --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep "^target" $OUT/bench.log
