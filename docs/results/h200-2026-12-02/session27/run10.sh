#!/usr/bin/env bash
# Session 27, device call 10: the bench (version 33's kernels, the
# ledger's predictions at the 0.52 fraction) on the probe, the half
# shapes and the chains, CuPy and JAX included where installed.
# Carries device-pkg/{lib/libfusec_runtime.so,bench-kernels}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
K=device-pkg/bench-kernels
R=device-pkg/lib/libfusec_runtime.so
python3 -c "import cupy" 2>/dev/null && echo "cupy: yes" || echo "cupy: no"
python3 -c "import jax" 2>/dev/null && echo "jax: yes" || echo "jax: no"
mkdir -p $OUT/r
timeout 540 python3 bench/bench.py --runtime $R \
  --kernels $K --predictions $K/predictions.json --out $OUT/r/bench \
  --budget-seconds 470 \
  --shapes probe,probe-f16,probe-bf16,chain-4096,chain-1e6,chain-134217728,sample-heavy-f16 \
  > $OUT/r/bench.log 2>&1
echo "bench rc $?"
grep -E '^target' $OUT/r/bench.log | cut -c1-200
tar -C $OUT -czf $OUT/run10.tgz r && rm -rf $OUT/r
