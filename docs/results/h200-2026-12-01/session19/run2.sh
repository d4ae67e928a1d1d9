#!/usr/bin/env bash
# Session 19, second device call: the runtime's stream-ordered temporaries
# and the split producer's candidate split on few rows (version 25).
# GPU tests of both, the tensor-core check (every tensor-core kind on odd
# shapes, sm_90a's 3xtf32 and 3xtf32-recheck included), the split
# producer's stages on the probe, then the bench on the probe.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
mkdir -p $OUT/t
OUT=$OUT/t TESTS_ONLY='fewrows|recheck' GPU_TEST_TIMEOUT=120 \
  scripts/device/gpu-tests.sh > $OUT/gpu-tests.out 2>&1
echo "gpu-tests rc $?"; grep -E '^=== .*exit|FAILED|gpu-tests:' $OUT/t/gpu-tests.log | tail -16
timeout 200 python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/tc-kernels > $OUT/tc-check.jsonl 2> $OUT/tc-check.err
echo "tc-check rc $?"; tail -2 $OUT/tc-check.err
grep -E 'wgmma' $OUT/tc-check.jsonl | cut -c1-260
if [ -d device-pkg/stage-sweep ]; then
  timeout 120 python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
    --kernels device-pkg/stage-sweep > $OUT/stages.jsonl 2> $OUT/stages.err
  echo "stages rc $?"
  python3 -c "
import json,sys
for l in open('$OUT/stages.jsonl'):
    r=json.loads(l)
    if r.get('time_us'): print('%-44s %7.1f us  mism %s err %s' % (r['name'], r['time_us'], r.get('mismatches'), r.get('errors')))"
fi
timeout 330 python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json --out $OUT/bench \
  --budget-seconds 240 --shapes probe --no-cupy --no-jax > $OUT/bench.log 2>&1
echo "bench rc $?"
grep -E '^\| probe \| (fusec gemm|cuBLAS|torch.compile, Gram)' $OUT/bench/*.md | cut -c1-200 | head -30
grep -E '^target' $OUT/bench.log | grep probe | cut -c1-220 | head -24
