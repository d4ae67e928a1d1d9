#!/usr/bin/env bash
#===- scripts/device/session.sh - helpers for a session's device calls ----===#
#
# Sourced by a session's run scripts (docs/results/<date>/sessionN/run*.sh)
# from the repository root on the GPU machine:
#   . scripts/device/session.sh RUNTIME.so
# Puts nvcc and compute-sanitizer on PATH, starts the call's clock, sets
# SESSION_GPU (the card's name and driver), and defines
#   ab LOG DIR_A DIR_B NAME...   bench/ab.py into $OUT/LOG.log (2 minutes
#                                at most), its medians on stdout
#   elapsed                      seconds since the helper was sourced
#   gpu_tests REGEX [LIMIT]      gpu-tests.sh's cases whose labels match
#                                REGEX (each 60 s at most, all LIMIT s),
#                                into $OUT/gpu-tests.{txt,log.gz}; needs
#                                scripts/device/bin-env.sh sourced
#   use_new_fuse_run             the static fuse-run of device-pkg/bin-new
#                                (a session's build) in place of the
#                                package's, then scripts/device/bin-env.sh
#   bench_shapes NAME KERNELS SHAPES [bench.py args...]
#                                bench/bench.py into $OUT/NAME/, its target
#                                lines on stdout
#   ncu_counts LOG REGEX COMMAND...
#                                Nsight Compute's counts (SESSION_NCU_METRICS,
#                                plus NCU_EXTRA if set) for the first kernel
#                                of COMMAND whose name matches REGEX, into
#                                $OUT/LOG.txt, the counts on stdout
#   ncu_fusec LOG PTX            ncu_counts of one call of a kernel's main
#                                entry (*_k0) at the PTX's own shape
#                                (ncu-f16-once.py through the runtime)
#
#===----------------------------------------------------------------------===#
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
SESSION_RUNTIME=${1:?usage: . scripts/device/session.sh RUNTIME.so}
SESSION_T0=$(date +%s)
SESSION_GPU=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
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
use_new_fuse_run() {
  mkdir -p device-pkg/bin
  cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
  . scripts/device/bin-env.sh
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
SESSION_NCU_METRICS=dram__bytes_read.sum,lts__t_bytes.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
ncu_counts() {
  local log=$1 regex=$2 ncu
  shift 2
  ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
  timeout 150 "$ncu" --metrics "$SESSION_NCU_METRICS${NCU_EXTRA:+,$NCU_EXTRA}" \
    -k regex:"$regex" -c 1 "$@" > "$OUT/$log.txt" 2>&1
  echo "$log rc $? ($(elapsed) s)"
  grep -E '^  [a-zA-Z_0-9]+.*\(|dram__|lts__|cycles|inst_exec|hmma|launch__' \
    "$OUT/$log.txt" | cut -c1-160
}
ncu_fusec() {
  ncu_counts "$1" '_k0$' python3 \
    docs/results/h200-2026-12-01/session17/ncu-f16-once.py "$SESSION_RUNTIME" "$2"
}
