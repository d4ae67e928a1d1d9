#!/usr/bin/env bash
# Session 29, device call 4: gpu-edge.sh's driver check alone (no fuse-run
# cases: EDGE_ONLY matches none), on the packaged runtime; the kernel it
# loads is the packaged naive_argmin.probe.auto (fusec is not carried).
# Carries device-pkg/{lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p $OUT/e
OUT=$OUT/e EDGE_ONLY='^none$' timeout 120 scripts/device/gpu-edge.sh > /dev/null 2>&1
echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary
grep -A12 '=== driver-errors' $OUT/e/gpu-edge.log | head -30
mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; mv $OUT/e/gpu-edge.log $OUT/gpu-edge.log; rm -rf $OUT/e
