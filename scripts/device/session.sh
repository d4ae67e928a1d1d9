#!/usr/bin/env bash
#===- scripts/device/session.sh - helpers for a session's device calls ----===#
#
# Sourced by a session's run scripts (docs/results/<date>/sessionN/run*.sh)
# from the repository root on the GPU machine:
#   . scripts/device/session.sh RUNTIME.so
# Puts nvcc and compute-sanitizer on PATH, starts the call's clock, and
# defines
#   ab LOG DIR_A DIR_B NAME...   bench/ab.py into $OUT/LOG.log (2 minutes
#                                at most), its medians on stdout
#   elapsed                      seconds since the helper was sourced
#   gpu_tests REGEX [LIMIT]      gpu-tests.sh's cases whose labels match
#                                REGEX (each 60 s at most, all LIMIT s),
#                                into $OUT/gpu-tests.{txt,log.gz}; needs
#                                scripts/device/bin-env.sh sourced
#   bench_shapes NAME KERNELS SHAPES [bench.py args...]
#                                bench/bench.py into $OUT/NAME/, its target
#                                lines on stdout
#
#===----------------------------------------------------------------------===#
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
SESSION_RUNTIME=${1:?usage: . scripts/device/session.sh RUNTIME.so}
SESSION_T0=$(date +%s)
elapsed() { echo $(( $(date +%s) - SESSION_T0 )); }
ab() {
  local log=$1; shift
  timeout 120 python3 bench/ab.py "$SESSION_RUNTIME" "$@" > "$OUT/$log.log" 2>&1
  echo "== $log rc $? ($(elapsed) s) N=${N:-} K=${K:-} D=${D:-}"
  grep -v -e "^  first" -e "by place" "$OUT/$log.log" | head -40
}
gpu_tests() {
  local only=$1 limit=${2:-330}
  mkdir -p "$OUT/t"
  OUT=$OUT/t TESTS_ONLY="$only" GPU_TEST_TIMEOUT=60 \
    timeout "$limit" scripts/device/gpu-tests.sh > /dev/null 2>&1
  echo "gpu-tests rc $? ($(elapsed) s)"
  grep -E 'FAILED' "$OUT/t/gpu-tests.log" | tail -20
  grep -E '^=== [^:]*: exit' "$OUT/t/gpu-tests.log" > "$OUT/gpu-tests.txt"
  echo "passed: $(grep -c 'exit 0' "$OUT/gpu-tests.txt") of $(wc -l < "$OUT/gpu-tests.txt")"
  gzip -c "$OUT/t/gpu-tests.log" > "$OUT/gpu-tests.log.gz"
  rm -rf "$OUT/t"
}
bench_shapes() {
  local name=$1 kernels=$2 shapes=$3
  shift 3
  timeout 500 python3 bench/bench.py --runtime "$SESSION_RUNTIME" \
    --kernels "$kernels" --predictions "$kernels/predictions.json" \
    --out "$OUT/$name" --shapes "$shapes" "$@" > "$OUT/$name.log" 2>&1
  echo "bench $name rc $? ($(elapsed) s)"
  grep -E '^target' "$OUT/$name.log" | cut -c1-220
  gzip "$OUT/$name.log"
}
