#!/usr/bin/env bash
# Session 19, first device call: the probe's tensor-core kernels over the
# schedule options (probe-sweep.py writes them and their manifest), timed
# back to back by tensor_core_check.py beside cuBLAS, labels checked.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv
timeout 500 python3 bench/tensor_core_check.py --runtime build/lib/libfusec_runtime.so \
  --kernels device-pkg/probe-sweep > $OUT/sweep.jsonl 2> $OUT/sweep.err
echo "rc $?"; tail -3 $OUT/sweep.err
python3 - <<'PY'
import json, os
rows = [json.loads(l) for l in open(os.environ["OUT"] + "/sweep.jsonl") if l.startswith("{")]
for r in sorted(rows, key=lambda r: (r.get("precision", ""), r.get("time_us") or 1e9)):
    print(f'{r["name"]:40s} {r.get("precision","")!s:7s} {r.get("time_us") or 0:8.1f} us  mism {r.get("mismatches")} err {r.get("errors", r.get("error"))}')
PY
