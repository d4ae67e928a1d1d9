#!/usr/bin/env bash
# Session 29, device call 2 (the same device-pkg as run1.sh, whose 73
# bench and 56 tensor-core check kernels are byte-identical to the
# committed tree's):
#  1. the bench on the probe again (no CuPy or JAX), to see run1's probe
#     rows hold;
#  2. the bench on the three large f32 shapes.
# Carries device-pkg/{lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
T0=$(date +%s)
bench() { # bench <name> <timeout> <bench.py args...>
  local name=$1 limit=$2; shift 2
  timeout $limit python3 bench/bench.py --runtime $R --kernels $K \
    --predictions $K/predictions.json --out $OUT/$name "$@" > $OUT/$name.log 2>&1
  echo "$name rc $? ($(( $(date +%s) - T0 )) s)"
  grep -E '^target' $OUT/$name.log | cut -c1-200
  mv $OUT/$name/performance.md $OUT/$name.md; mv $OUT/$name/results.json $OUT/$name.json
  mv $OUT/$name/*.png $OUT/$name.png 2>/dev/null
  rm -rf $OUT/$name; gzip $OUT/$name.log
}
bench probe 100 --budget-seconds 60 --shapes probe --no-cupy --no-jax
grep -E '^\| probe \| (fusec (gemm|naive)_argmin.probe.(3xtf32-wgmma|reassoc)|torch.compile, Gram)' $OUT/probe.md | cut -c1-120
bench large 400 --budget-seconds 300 --shapes sample-heavy,centroid-heavy,feature-heavy --tiles-large skip --no-cupy --no-jax
mkdir -p $OUT/r && mv $OUT/probe.* $OUT/large.* $OUT/r/
tar -C $OUT -czf $OUT/run2.tgz r && rm -rf $OUT/r
ls -la $OUT
