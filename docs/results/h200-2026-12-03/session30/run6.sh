#!/usr/bin/env bash
# Session 30, device call 6: scripts/device/session.sh's gpu_tests and
# bench_shapes helpers, tried on the package of f4accc2 (kernels as in
# run5.sh): two few-rows cases and the probe-f16 bench.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
. scripts/device/bin-env.sh
gpu_tests '^tc-wg-fewrows-(bf16|tf32-ties)$' 120
bench_shapes probe-f16 device-pkg/bench-kernels probe-f16 --budget-seconds 30 --no-cupy --no-jax
grep -E '^\| probe-f16 \| (fusec gemm_argmin_f16.probe-f16.wgmma |cuBLAS)' $OUT/probe-f16/performance.md | cut -c1-120
