#!/usr/bin/env bash
# Session 37, device call 3: the bench of the kernels that stand after the
# revert of version 41 (d135686; device-pkg7/k: every bench kernel and
# predictions.json from its fusec; sample-heavy-f16's PTX is 655eba1's,
# byte for byte) on sample-heavy-f16 and probe-f16 beside cuBLAS fp16 alone
# and torch.compile; on an H200 also the certified large rows (as call 2).
# Carries device-pkg/lib/libfusec_runtime.so, device-pkg7/k, device-pkg9.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench_shapes f16 device-pkg7/k sample-heavy-f16,probe-f16 --budget-seconds 150 --no-cupy --no-jax
grep -E 'fusec|cuBLAS|torch' $OUT/f16/performance.md | grep ms | head -16 | cut -c1-200
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bench_shapes certified-large device-pkg9/certified-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 200 \
    --tiles-large once --no-cupy --no-jax
  grep -E 'running tiles|fusec|cuBLAS' $OUT/certified-large/performance.md |
    grep -v graph | grep ms | head -24 | cut -c1-200
fi
echo "done ($(elapsed) s)"
