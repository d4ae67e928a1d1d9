#!/usr/bin/env bash
#===- scripts/device/python-tests.sh - the Python module on the GPU -------===#
#
# Run through the device tool from the repository root, after
# scripts/device/package.sh: unpacks the self-contained libfusec_jit.so and
# runs python/tests against torch (and CuPy where installed). The log goes
# to $OUT/python-tests.log; the exit status is unittest's.
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT"
lib=/tmp/fusec-lib
mkdir -p $lib
xz -dc device-pkg/lib/libfusec_jit.so.xz > $lib/libfusec_jit.so
cp device-pkg/lib/libfusec_runtime.so $lib/
export FUSEC_LIBRARY_DIR=$lib
export FUSEC_CACHE_DIR=/tmp/fusec-py-cache
python3 -c 'import torch, sys; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))' \
  > "$OUT/python-tests.log" 2>&1
PYTHONPATH=python timeout 500 python3 -m unittest discover -s python/tests -v \
  >> "$OUT/python-tests.log" 2>&1
rc=$?
tail -5 "$OUT/python-tests.log"
# Time, peak and labels of fusec.nearest_centroid on torch tensors.
PYTHONPATH=python timeout 300 python3 bench/python_module.py --out "$OUT" \
  2>&1 | tee "$OUT/python-module.log"
bench=${PIPESTATUS[0]}
[ $rc -eq 0 ] && rc=$bench
exit $rc
