#!/usr/bin/env bash
#===- scripts/device/tc-iterate.sh - one tensor-core schedule iteration ---===#
#
# One device call for a tensor-core schedule change: the tensor-core GPU
# tests (tc-* of gpu-tests.sh: fuse-run on random shapes, ties, memcheck and
# racecheck), tensor_core_check.py's odd shapes, ptxas -v and the HMMA count
# of the large kernels, then their timings beside cuBLAS (device-pkg/tc-large
# from bench/build-kernels.py --tensor-cores-large, with any --variant).
# Usage (device tool): OUT=$OUT scripts/device/tc-iterate.sh
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin
export FUSEC_CACHE_DIR=/tmp/fusec-cache
status=0
if [ "${TC_SKIP_TESTS:-0}" != 1 ]; then
  TESTS_ONLY=${TESTS_ONLY-^tc-} scripts/device/gpu-tests.sh > "$OUT/tc-tests.txt" 2>&1 || status=1
  cp "$OUT/gpu-tests.log" "$OUT/tc-tests.log" 2>/dev/null
  tail -3 "$OUT/tc-tests.txt"
fi
sass=$OUT/sass.txt
: > "$sass"
for ptx in device-pkg/tc-large/*.ptx; do
  name=$(basename "$ptx" .ptx)
  {
    echo "== $name"
    target=$(grep -m1 -oE 'sm_[0-9]+a?' "$ptx")
    ptxas -arch="$target" -v "$ptx" -o /tmp/k.cubin 2>&1 | grep -E "registers|spill|wgmma|Warning"
    cuobjdump -sass /tmp/k.cubin | grep -oE '(HMMA|HGMMA|LDSM|LDGSTS|LDS|BAR|WARPGROUP)[A-Z0-9_.]*' |
      sort | uniq -c | tr '\n' ' '
    echo
  } >> "$sass"
done
python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/tc-large --large large.json --reps "${TC_REPS:-5}" \
  > "$OUT/tc-large.jsonl" 2> "$OUT/tc-large.err" || status=1
cat "$OUT/tc-large.jsonl"
tail -3 "$OUT/tc-large.err"
exit $status
