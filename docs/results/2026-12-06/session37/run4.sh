#!/usr/bin/env bash
# Session 37, device call 4 (warm machine after call 3): is call 3's
# sample-heavy-f16 row (fusec 23.76 ms against cuBLAS fp16 alone 24.15,
# 0.984x) repeatable? The same bench three more times in one call, each
# into its own folder. Carries device-pkg/lib/libfusec_runtime.so,
# device-pkg7/k.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 1 2 3; do
  bench_shapes f16-$i device-pkg7/k sample-heavy-f16 --budget-seconds 60 --no-cupy --no-jax |
    grep -E 'goal'
  grep -E 'wgmma \(|cuBLAS fp16|torch.compile' $OUT/f16-$i/performance.md | grep ' ms ' |
    grep -v cpasync | cut -d'|' -f3-4 | head -6
done
echo "done ($(elapsed) s)"
