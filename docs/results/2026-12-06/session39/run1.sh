#!/usr/bin/env bash
# Session 39, device call 1: the consumers' conditional barrier
# (session 38's conditional-barrier.patch, applied to the compiler here).
# bench/ab.py, labels must be equal (exact ties included):
#   - main's sample-heavy-f16 wgmma kernel (device-pkg11/old) against the
#     patched compiler's (device-pkg11/new), and against stagger.py's s2
#     (device-pkg10: the barrier only where norms are exchanged, the
#     second warpgroup 2 us behind);
#   - then gpu-tests.sh's sm_90a (tc-wg) cases with the patched fuse-run;
#   - the other 16 changed persistent wgmma kernels, old against new, on
#     their own shapes;
# then (time permitting) bench.py of sample-heavy-f16 with the patched kernels beside
# cuBLAS fp16 alone and torch.compile.
# Carries device-pkg/lib/libfusec_runtime.so, device-pkg/bin (the patched
# static fuse-run) and device-pkg/k.tar.xz (device-pkg10 and 11).
set -u
cd "$(dirname "$0")/../../../.."
[ -d device-pkg11 ] || tar -xJf device-pkg/k.tar.xz
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
. scripts/device/bin-env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
F16=gemm_argmin_f16.sample-heavy-f16.wgmma
export REPS=10 NOREF=1
N=131072 K=8192 D=8192 ab ab-f16-new device-pkg11/old device-pkg11/new $F16
N=131072 K=8192 D=8192 ab ab-f16-s2 device-pkg10/a device-pkg10/s2 $F16
gpu_tests '^tc-wg' 200
N=131072 K=8192 D=8192 ab ab-sample device-pkg11/old device-pkg11/new \
  gemm_argmin.sample-heavy.3xtf32-wgmma gemm_argmin.sample-heavy.tf32-wgmma \
  gemm_argmin.sample-heavy.3xtf32-recheck-wgmma \
  naive_argmin.sample-heavy.3xtf32-certified-wgmma
[ $(elapsed) -lt 400 ] && N=65536 K=16384 D=8192 ab ab-centroid \
  device-pkg11/old device-pkg11/new \
  gemm_argmin.centroid-heavy.3xtf32-wgmma \
  naive_argmin.centroid-heavy.3xtf32-certified-wgmma
[ $(elapsed) -lt 430 ] && N=65536 K=4096 D=16384 ab ab-feature \
  device-pkg11/old device-pkg11/new \
  gemm_argmin.feature-heavy.3xtf32-wgmma \
  naive_argmin.feature-heavy.3xtf32-certified-wgmma
[ $(elapsed) -lt 420 ] && bench_shapes f16 device-pkg11/new sample-heavy-f16 \
  --budget-seconds 100 --no-cupy --no-jax
echo "done ($(elapsed) s)"
