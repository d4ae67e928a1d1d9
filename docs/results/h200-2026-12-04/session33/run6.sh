#!/usr/bin/env bash
# Session 33, device call 6 (device-pkg from scripts/device/package.sh with
# --precision=3xtf32-certified; carries device-pkg/{bin/fuse-run.xz,
# lib/libfusec_runtime.so,bench-kernels}):
#  1. gpu-tests.sh's certified cases (against the reference evaluator on
#     random shapes, ties, NaN, inf, memcheck, racecheck) and the few-rows
#     3xTF32 cases whose cluster exchange the change touches;
#  2. the bench on the probe, with the certified naive kernel's row.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
gpu_tests 'certified|fewrows|^naive' 300
bench_shapes probe device-pkg/bench-kernels probe --budget-seconds 150 \
  --no-cupy --no-jax
grep -E '^\| probe \| fusec' $OUT/probe/performance.md | cut -c1-200
echo "done ($(elapsed) s)"
