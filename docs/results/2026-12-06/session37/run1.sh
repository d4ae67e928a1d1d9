#!/usr/bin/env bash
# Session 37, device call 1: version 41 (a candidate beats the running best
# by `ult and ord` instead of `olt or (uno and ord)`; every kernel with
# argmin's NaN order changes, labels must not). bench/ab.py of
# sample-heavy-f16's wgmma kernel before (a, from 655eba1's fusec) and
# after (k); gpu-tests.sh's NaN, inf, ties and main cases with version 41's
# fuse-run; the bench of sample-heavy-f16 beside cuBLAS fp16 alone and
# torch.compile (device-pkg7/k: every bench kernel from version 41's fusec,
# predictions.json with the schedule's temporaries in the peaks).
# Before the call, here: ninja -C build-static fuse-run, then
# scripts/device/package.sh's strip + xz of fuse-run into device-pkg/bin;
# device-pkg7/a from bench/build-kernels.py at 655eba1 and at version
# 41 (k, also the A/B's after), with bench/predictions.py's output.
# Carries device-pkg/bin/fuse-run.xz, device-pkg/lib/libfusec_runtime.so,
# device-pkg7.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv
N=131072 K=8192 D=8192 REPS=12 NOREF=1 ab f16-ab device-pkg7/a device-pkg7/k \
  gemm_argmin_f16.sample-heavy-f16.wgmma
. scripts/device/bin-env.sh
SESSION_RUNTIME=device-pkg/lib/libfusec_runtime.so
gpu_tests 'nan|inf|ties|^naive_argmin$|^gemm_argmin$|^tc-wg-f16$|^tc-wg-bf16$|^tc-wg-tail-f16$|^tc-wg-persist$|^tc-wg-certified$|^tc-wg-recheck$|^tc-wg-3xtf32$|^probe-|^fma-t8-gemm$|^tc-wg-memcheck$' 240
bench_shapes f16 device-pkg7/k sample-heavy-f16 --budget-seconds 150 --no-cupy --no-jax
grep -E 'fusec|cuBLAS|torch' $OUT/f16/performance.md | grep ms | head -12 | cut -c1-220
echo "done ($(elapsed) s)"
