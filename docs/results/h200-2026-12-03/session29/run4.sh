#!/usr/bin/env bash
# Session 29, device call 4:
#  1. gpu-edge.sh's driver check alone (no fuse-run cases: EDGE_ONLY
#     matches none) on the packaged runtime; the kernel it loads is the
#     packaged naive_argmin.probe.auto (fusec is not carried);
#  2. the bench on the three large f32 shapes with torch.compile's running
#     tiles timed once, the fusec rows cut to the naive example's auto
#     kernels and its --allow-reassociation --precision=3xtf32 kernels
#     (device-pkg2/reassoc-large-kernels, from bench/build-kernels.py and
#     bench/predictions.py at this commit; the reassociated kernels' PTX is
#     the Gram example's 3xtf32-wgmma PTX but for the function name).
# Carries device-pkg/{lib/libfusec_runtime.so,bench-kernels} and
# device-pkg2/reassoc-large-kernels.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
mkdir -p $OUT/e
OUT=$OUT/e EDGE_ONLY='^none$' timeout 120 scripts/device/gpu-edge.sh > /dev/null 2>&1
echo "gpu-edge rc $?"; cat $OUT/e/gpu-edge.summary
grep -A12 '=== driver-errors' $OUT/e/gpu-edge.log | head -30
mv $OUT/e/gpu-edge.summary $OUT/gpu-edge.summary; mv $OUT/e/gpu-edge.log $OUT/gpu-edge.log; rm -rf $OUT/e
K=device-pkg2/reassoc-large-kernels
timeout 300 python3 bench/bench.py --runtime $R --kernels $K \
  --predictions $K/predictions.json --out $OUT/rl --budget-seconds 220 \
  --shapes sample-heavy,centroid-heavy,feature-heavy --tiles-large once \
  --no-cupy --no-jax > $OUT/rl.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^target' $OUT/rl.log | grep -E 'naive' | cut -c1-200
grep -E 'running tiles|naive_argmin' $OUT/rl/performance.md | grep -v graph | head -12 | cut -c1-200
mv $OUT/rl/performance.md $OUT/rl.md; mv $OUT/rl/results.json $OUT/rl.json
mv $OUT/rl/*.png $OUT/rl.png 2>/dev/null; rm -rf $OUT/rl; gzip $OUT/rl.log
mkdir -p $OUT/r && mv $OUT/gpu-edge.* $OUT/rl.* $OUT/r/
tar -C $OUT -czf $OUT/run4.tgz r && rm -rf $OUT/r
ls -la $OUT
