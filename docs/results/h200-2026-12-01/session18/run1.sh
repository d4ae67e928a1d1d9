#!/usr/bin/env bash
# Session 18, first device call: GPU tests of --precision=3xtf32-recheck
# (and the 3xtf32 cases beside it), then the bench on the probe and
# sample-heavy with only the Gram kernels that matter here (IEEE auto,
# 3xTF32 wgmma, 3xtf32-recheck wgmma) beside the peers.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='recheck|^tc-wg-3xtf32$|^tc-wg-3xtf32-parts$|^tc-wg-tail-3xtf32$' \
  GPU_TEST_TIMEOUT=120 scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; tail -25 $OUT/t/gpu-tests.log | grep -E 'PASS|FAIL|ok|fail' | tail -20
mkdir -p /tmp/k1
cp device-pkg/bench-kernels/* /tmp/k1/
python3 - <<'PY'
import json
m = json.load(open("/tmp/k1/manifest.json"))
keep = ("gemm_argmin.probe.auto", "gemm_argmin.probe.3xtf32-wgmma",
        "gemm_argmin.probe.3xtf32-recheck-wgmma",
        "gemm_argmin.sample-heavy.auto", "gemm_argmin.sample-heavy.3xtf32-wgmma",
        "gemm_argmin.sample-heavy.3xtf32-recheck-wgmma")
m["entries"] = [e for e in m["entries"] if e["name"] in keep]
json.dump(m, open("/tmp/k1/manifest.json", "w"), indent=1)
print(len(m["entries"]), "kernels")
PY
timeout 420 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels /tmp/k1 --predictions device-pkg/bench-kernels/predictions.json \
  --out $OUT/bench --budget-seconds 240 --shapes probe,sample-heavy \
  --tiles-large skip --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"; grep -E 'recheck|agrees|TARGET|met|missed' $OUT/bench.log | tail -30
