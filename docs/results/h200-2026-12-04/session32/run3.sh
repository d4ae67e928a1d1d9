#!/usr/bin/env bash
# Session 32, device call 3:
#  1. Nsight Compute's per-SASS-instruction stall samples (SourceCounters)
#     for sample-heavy's Gram kernel unsplit and at the ledger's split 16,
#     to find where run2's short-scoreboard stalls go;
#  2. the three large shapes with torch.compile's running tiles timed once,
#     the fusec rows cut to device-pkg2/large-auto-kernels (the packaged
#     auto, 3xtf32-recheck-wgmma and reassoc-3xtf32-wgmma kernels of the
#     large shapes, their manifest entries, the packaged predictions).
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so} and
# device-pkg2/large-auto-kernels.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
. scripts/device/bin-env.sh
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
T0=$(date +%s)
sed 's/256/8192/g; s/512/8192/g' examples/gemm_argmin.mlir > /tmp/gemm_argmin-sh.mlir
for s in 1 16; do
  timeout 200 $ncu --section SourceCounters --section WarpStateStats \
    --page source --print-source sass --csv -k regex:'_k0$' -c 1 \
    fuse-run /tmp/gemm_argmin-sh.mlir --mode=gpu --trials=1 --seed=3 \
    --dims=s0=131072 --keep-extent=all --ref-rows=2 --expected-rows=131072 \
    --split=$s > $OUT/gram-split$s.source.csv 2>&1
  echo "source split $s: exit $? ($(( $(date +%s) - T0 )) s)"
  gzip $OUT/gram-split$s.source.csv
done
R=device-pkg/lib/libfusec_runtime.so
K=device-pkg2/large-auto-kernels
timeout 330 python3 bench/bench.py --runtime $R --kernels $K \
  --predictions $K/predictions.json --out $OUT/tl --budget-seconds 250 \
  --shapes sample-heavy,centroid-heavy,feature-heavy --tiles-large once \
  --no-cupy --no-jax > $OUT/tl.log 2>&1
echo "bench rc $? ($(( $(date +%s) - T0 )) s)"
grep -E '^target' $OUT/tl.log | grep -E 'naive|Gram ≤' | cut -c1-200
grep -E 'running tiles|fusec|cuBLAS' $OUT/tl/performance.md | grep -v graph | grep ms | head -24 | cut -c1-200
mv $OUT/tl/performance.md $OUT/tl.md; mv $OUT/tl/results.json $OUT/tl.json
mv $OUT/tl/*.png $OUT/tl.png 2>/dev/null; rm -rf $OUT/tl; gzip $OUT/tl.log
ls -la $OUT
