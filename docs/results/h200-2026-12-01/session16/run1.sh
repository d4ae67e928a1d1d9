#!/usr/bin/env bash
# Session 16, first device call: SASS of the three stored Gram kernels, the
# chain kernel's launch-shape A/B, and the f16 shapes' bench rows with the
# version-21 kernels.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
export PATH=$PATH:/usr/local/cuda/bin
OUT=$OUT scripts/device/sass-compare.sh docs/results/h200-2026-11-30/session15/ptx/*.ptx > $OUT/sass-compare.log 2>&1
echo "sass rc $?"
OUT=$OUT timeout 150 python3 $S/chain-ab.py device-pkg/lib/libfusec_runtime.so $S/chain-variants v0 b128 b64 nocap flat flat128 > $OUT/chain-ab.log 2>&1
echo "chain rc $?"; cat $OUT/chain-ab.log | tail -5
timeout 230 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/bench-kernels --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench --budget-seconds 200 --shapes probe-f16,sample-heavy-f16 --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; tail -5 $OUT/bench.log
