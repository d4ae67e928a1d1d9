#!/usr/bin/env bash
# Session 38, device call 2: Nsight Compute's DRAM and L2 bytes, cycles
# and tensor-pipe share for one call of sample-heavy-f16's wgmma kernel
# as it stands (a) and held in step (a8, a32; call 1's A/B). On an H200
# also the bench of the naive example's certified rows on the three large
# shapes (measured only on an H100 so far) beside torch.compile's running
# tiles and cuBLAS alone. Carries device-pkg (bench-kernels,
# certified-large: session 34's cut-kernels.py of bench-kernels, the
# naive example's auto, certified and reassociated kernels of the three
# large shapes; lib/libfusec_runtime.so) and device-pkg10.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
K=gemm_argmin_f16.sample-heavy-f16.wgmma
for v in a a8 a32; do
  ncu_fusec ncu-$v device-pkg10/$v/$K.ptx
done
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bench_shapes certified-large device-pkg/certified-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 220 \
    --tiles-large once --no-cupy --no-jax
  grep -E 'running tiles|fusec|cuBLAS' $OUT/certified-large/performance.md |
    grep -v graph | grep ms | head -24 | cut -c1-200
fi
echo "done ($(elapsed) s)"
