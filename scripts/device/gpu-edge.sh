#!/usr/bin/env bash
#===- scripts/device/gpu-edge.sh - numerics edge cases on the GPU ---------===#
#
# The edge cases of test/Execution and test/BadInputs (which run on the CPU
# in CI) through `fuse-run --mode=gpu`, plainly and under compute-sanitizer
# memcheck and racecheck on small shapes: NaN and +-inf inputs, all-equal
# data, duplicated centroids (exact ties), values near the f16 range, k = 1,
# d = 1, integer argmin, and the runtime's driver errors (rejected PTX, out
# of device memory). Run through the device tool from the repository root,
# after scripts/device/package.sh has filled device-pkg/ here (fuse-run must
# be from commit 313f75f or later: it accepts the labels of the
# native-precision reference that f16 overflow gives):
#
#   device run --carry device-pkg -- scripts/device/gpu-edge.sh
#
# or, to keep each call short, one part at a time:
#
#   device run --carry device-pkg -- env EDGE_PART=plain scripts/device/gpu-edge.sh
#   device run --carry device-pkg -- env EDGE_PART=memcheck scripts/device/gpu-edge.sh
#   device run --carry device-pkg -- env EDGE_PART=racecheck scripts/device/gpu-edge.sh
#
# Environment: OUT (default /tmp/fusec-out): gpu-edge.log goes there.
# EDGE_PART: plain (fuse-run plus the driver checks), memcheck, racecheck
# or all (default). EDGE_SANITIZE=0 skips compute-sanitizer; EDGE_TRIALS
# sets the trials of the plain runs (default 6). Prints a summary table; the
# exit status is the number of failed checks (2 when there is no usable
# GPU).
# To check the script itself on a machine without a GPU: EDGE_BIN=<a build's
# bin directory> EDGE_DRY_RUN=1 compiles and binds every case
# (fuse-run --gpu-dry-run) and skips the driver checks and, unless
# EDGE_SANITIZE=1, the sanitizers.
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT"
log=$OUT/gpu-edge.log
: > "$log"
if [ -n "${EDGE_BIN:-}" ]; then
  bin=$EDGE_BIN
  export PATH=$bin:$PATH
else
  . scripts/device/bin-env.sh
fi
dry=${EDGE_DRY_RUN:-0}
part=${EDGE_PART:-all}
case "$part" in
  all | plain | memcheck | racecheck) ;;
  *) echo "gpu-edge: EDGE_PART must be all, plain, memcheck or racecheck"; exit 1 ;;
esac
sanitize=${EDGE_SANITIZE:-1}
[ "$dry" != 0 ] && sanitize=${EDGE_SANITIZE:-0}
export FUSEC_CACHE_DIR=/tmp/fusec-cache-edge
rm -rf "$FUSEC_CACHE_DIR"
trials=${EDGE_TRIALS:-6}
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)

failures=0
checks=0
summary=$OUT/gpu-edge.summary
: > "$summary"

# run <label> <command...>: runs with a time limit, appends the output to
# the log, and adds a summary row: PASS/FAIL, the exit code, fuse-run's
# verdict and the sanitizer's summary line.
run() {
  local label=$1; shift
  local out=$OUT/gpu-edge.last
  echo "=== $label: $*" >> "$log"
  local start
  start=$(date +%s)
  timeout 300 "$@" > "$out" 2>&1
  local rc=$?
  local secs=$(( $(date +%s) - start ))
  cat "$out" >> "$log"
  echo "=== $label: exit $rc (${secs} s)" >> "$log"
  checks=$((checks + 1))
  local verdict=PASS
  if [ $rc -ne 0 ]; then
    verdict=FAIL
    failures=$((failures + 1))
  fi
  # fuse-run's last line says PASS/FAIL with mismatches, near-ties and
  # native-only matches; the sanitizers end with an ERROR/RACECHECK SUMMARY.
  local detail
  detail=$(grep -E "^fuse-run: (PASS|FAIL|DRY)|fuse-run: error" "$out" | tail -n 1 |
           sed -e 's/^fuse-run: //' | cut -c1-110)
  local san
  san=$(grep -Eo "(ERROR|RACECHECK) SUMMARY: .*" "$out" | tail -n 1)
  [ $rc -eq 124 ] && detail="timed out after 300 s"
  printf "%-4s %3d %4ss  %-44s %s %s\n" "$verdict" "$rc" "$secs" "$label" \
    "$detail" "${san:+| $san}" >> "$summary"
}

gpu=--mode=gpu
if [ "$dry" != 0 ]; then
  gpu="--mode=gpu --gpu-dry-run"
else
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >> "$log" 2>&1
  # Without a usable GPU, fuse-run --mode=gpu exits with 2: stop here.
  fuse-run examples/chain_f16.mlir --mode=gpu --trials=1 >> "$log" 2>&1
  if [ $? -eq 2 ]; then
    echo "gpu-edge: no usable GPU (see $log)"
    tail -n 3 "$log"
    exit 2
  fi
fi

ex=examples
k1=test/Execution/k1-d1.mlir
ties=test/Execution/ties.mlir
f16=test/Execution/naive_argmin_f16.mlir
ints=test/BadInputs/argmin-int.mlir

# The cases: label, then fuse-run's arguments (file and options). Random
# shapes (trials 1-3 aim at n = 1, k = 1, d = 1), the running loops keep
# their k.
cases=(
  "naive-nan|$ex/naive_argmin.mlir --fill=nan"
  "naive-inf|$ex/naive_argmin.mlir --fill=inf"
  "naive-equal|$ex/naive_argmin.mlir --fill=equal"
  "naive-dup|$ex/naive_argmin.mlir --dup-rows=1"
  "naive-unfused-nan|$ex/naive_argmin.mlir --fill=nan --fuse-index-reductions=false"
  "naive-split-nan|$ex/naive_argmin.mlir --fill=nan --split=3 --tile-m=64 --tile-n=64"
  "naive-split-dup|$ex/naive_argmin.mlir --dup-rows=1 --split=3 --tile-m=64 --tile-n=64"
  "gemm-nan|$ex/gemm_argmin.mlir --fill=nan"
  "gemm-inf|$ex/gemm_argmin.mlir --fill=inf"
  "gemm-equal|$ex/gemm_argmin.mlir --fill=equal"
  "gemm-dup|$ex/gemm_argmin.mlir --dup-rows=1"
  "distance-nan|$ex/distance_only.mlir --fill=nan"
  "distance-inf|$ex/distance_only.mlir --fill=inf"
  "distance-equal|$ex/distance_only.mlir --fill=equal"
  "one-centroid-nan|$ex/one_centroid_distance.mlir --fill=nan"
  "one-centroid-inf|$ex/one_centroid_distance.mlir --fill=inf"
  "one-centroid-equal|$ex/one_centroid_distance.mlir --fill=equal"
  "step-nan|$ex/running_step.mlir --fill=nan"
  "step-inf|$ex/running_step.mlir --fill=inf"
  "step-equal|$ex/running_step.mlir --fill=equal"
  "chain-f16-large|$ex/chain_f16.mlir --fill=large-f16"
  "chain-f16-nan|$ex/chain_f16.mlir --fill=nan"
  "chain-f16-inf|$ex/chain_f16.mlir --fill=inf"
  "chain-f16-equal|$ex/chain_f16.mlir --fill=equal"
  "loop-k8-nan|$ex/running_loop_k8.mlir --keep-extent=8 --fill=nan"
  "loop-k8-inf|$ex/running_loop_k8.mlir --keep-extent=8 --fill=inf"
  "loop-k8-equal|$ex/running_loop_k8.mlir --keep-extent=8 --fill=equal"
  "loop-k8-dup|$ex/running_loop_k8.mlir --keep-extent=8 --dup-rows=1"
  "loop-k32-nan|$ex/running_loop_k32.mlir --keep-extent=32 --fill=nan"
  "loop-k32-equal|$ex/running_loop_k32.mlir --keep-extent=32 --fill=equal"
  "loop-k32-dup|$ex/running_loop_k32.mlir --keep-extent=32 --dup-rows=1"
  "f16-naive-large|$f16 --func=naive_f16 --fill=large-f16"
  "f16-naive-nan|$f16 --func=naive_f16 --fill=nan"
  "f16-naive-inf|$f16 --func=naive_f16 --fill=inf"
  "f16-naive-equal|$f16 --func=naive_f16 --fill=equal"
  "f16-naive-dup|$f16 --func=naive_f16 --dup-rows=1"
  "f16-f32-naive-large|$f16 --func=naive_f16_f32 --fill=large-f16"
  "k1|$k1 --func=k1"
  "d1-dup|$k1 --func=d1 --dup-rows=1"
  "k1d1|$k1 --func=k1d1"
  "dynamic-knd|$k1 --func=dynamic"
  "forced-ties|$ties --func=forced_ties --dims=s0=3"
  "ties-equal|$ties --func=naive --fill=equal"
  "ties-dup|$ties --func=naive --dup-rows=1"
  "loop-lt-equal|$ties --func=loop_lt --keep-extent=2 --fill=equal"
  "loop-le-equal|$ties --func=loop_le --keep-extent=2 --fill=equal"
  "int-argmin|$ints --func=argmin_i32"
  "int-argmin-i64|$ints --func=argmin_i64 --dup-rows=0"
  "int-extremes|$ints --func=extremes --dims=s0=5"
  "int-nearest-dup|$ints --func=nearest_i32 --dup-rows=1"
  "tc-f16-nan|$ex/gemm_argmin_f16.mlir --fill=nan"
  "tc-f16-inf|$ex/gemm_argmin_f16.mlir --fill=inf"
  "tc-f16-equal|$ex/gemm_argmin_f16.mlir --fill=equal"
  "tc-f16-large|$ex/gemm_argmin_f16.mlir --fill=large-f16"
  "tc-f16-dup|$ex/gemm_argmin_f16.mlir --dup-rows=1"
  "tc-3xtf32-nan|$ex/gemm_argmin.mlir --precision=3xtf32 --fill=nan"
  "tc-3xtf32-inf|$ex/gemm_argmin.mlir --precision=3xtf32 --fill=inf"
  "tc-3xtf32-equal|$ex/gemm_argmin.mlir --precision=3xtf32 --fill=equal"
  "tc-3xtf32-dup|$ex/gemm_argmin.mlir --precision=3xtf32 --dup-rows=1"
  "tc-wg-f16-nan|$ex/gemm_argmin_f16.mlir --arch=sm_90a --fill=nan"
  "tc-wg-f16-inf|$ex/gemm_argmin_f16.mlir --arch=sm_90a --fill=inf"
  "tc-wg-f16-large|$ex/gemm_argmin_f16.mlir --arch=sm_90a --fill=large-f16"
  "tc-wg-3xtf32-nan|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --fill=nan"
  "tc-wg-3xtf32-inf|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --fill=inf"
  "tc-wg-3xtf32-equal|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --fill=equal"
  "tc-wg-3xtf32-dup|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --dup-rows=1"
  "tc-wg-3xtf32-few-nan|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --expected-rows=4096 --fill=nan"
  "tc-wg-3xtf32-few-inf|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32 --expected-rows=4096 --fill=inf"
  "tc-wg-recheck-few-inf|$ex/gemm_argmin.mlir --arch=sm_90a --precision=3xtf32-recheck --expected-rows=4096 --fill=inf"
)

# The subset under the sanitizers: every kernel family (tiled running
# minimum with and without split, unfused argmin, elementwise f16, user
# loops, running step, k = d = 1, integers) with its hardest fill.
sanitized=" naive-nan naive-dup naive-split-nan gemm-equal gemm-inf \
naive-unfused-nan distance-equal chain-f16-large loop-k8-nan step-inf \
f16-naive-large k1d1 forced-ties int-nearest-dup tc-f16-nan tc-f16-large \
tc-3xtf32-inf tc-3xtf32-dup tc-wg-f16-nan tc-wg-3xtf32-inf tc-wg-3xtf32-dup \
tc-wg-3xtf32-few-inf "
# EDGE_ONLY (a bash regex on the labels) runs a subset, e.g. EDGE_ONLY=^tc-.
only=${EDGE_ONLY:-}

seed=200
for entry in "${cases[@]}"; do
  [ "$part" = all ] || [ "$part" = plain ] || break
  label=${entry%%|*}
  args=${entry#*|}
  seed=$((seed + 1))
  [ -z "$only" ] || [[ $label =~ $only ]] || continue
  # shellcheck disable=SC2086 # args are words by design
  run "$label" fuse-run $args $gpu --trials=$trials --seed=$seed
done

if [ "$sanitize" != 0 ]; then
  for tool in memcheck racecheck; do
    [ "$part" = all ] || [ "$part" = $tool ] || continue
    seed=300
    for entry in "${cases[@]}"; do
      label=${entry%%|*}
      args=${entry#*|}
      seed=$((seed + 1))
      case "$sanitized" in
        *" $label "*) ;;
        *) continue ;;
      esac
      [ -z "$only" ] || [[ $label =~ $only ]] || continue
      # shellcheck disable=SC2086
      run "$tool:$label" "$sanitizer" --tool $tool --error-exitcode 9 \
        fuse-run $args $gpu --trials=2 --seed=$seed \
        --max-dynamic=70 --max-static=40
    done
  done
fi

# The runtime's driver errors on the real driver (test/BadInputs/
# gpu-driver.test): PTX the driver rejects and 2^50 bytes of device memory
# are error values naming CUDA_ERROR_INVALID_PTX and
# CUDA_ERROR_OUT_OF_MEMORY. Needs a C compiler on the machine.
cc=$(command -v cc || command -v gcc || command -v clang || true)
if [ "$part" != all ] && [ "$part" != plain ]; then
  :
elif [ "$dry" != 0 ]; then
  echo "SKIP   -     -  driver-errors (dry run)" >> "$summary"
elif [ -n "$cc" ]; then
  drv=/tmp/fusec-edge-driver
  mkdir -p $drv
  # The kernel comes from fusec where it is on the machine, else from the
  # packaged bench kernels (the carry limit may leave fusec out).
  packaged=device-pkg/bench-kernels/naive_argmin.probe.auto.ptx
  kernel_ok=0
  if command -v fusec > /dev/null; then
    fusec examples/naive_argmin.mlir -o $drv/naive.ptx >> "$log" 2>&1 &&
      kernel_ok=1
  elif [ -f "$packaged" ]; then
    cp "$packaged" $drv/naive.ptx && cp "$packaged.json" $drv/naive.ptx.json &&
      kernel_ok=1
  fi
  if [ $kernel_ok = 0 ]; then
    echo "FAIL   -     -  driver-errors (no kernel: fusec failed or is not on PATH, and no $packaged)" >> "$summary"
    failures=$((failures + 1))
  elif ! "$cc" -std=c99 test/BadInputs/runtime-driver.c -Iruntime/include \
       "$root/device-pkg/lib/libfusec_runtime.so" \
       -Wl,-rpath,"$root/device-pkg/lib" -o $drv/runtime-driver \
       >> "$log" 2>&1; then
    echo "FAIL   -     -  driver-errors (could not build runtime-driver.c)" >> "$summary"
    failures=$((failures + 1))
  else
    run "driver-errors" sh -c "
      $drv/runtime-driver $drv/naive.ptx $drv/naive.ptx.json > $drv/out.txt
      cat $drv/out.txt
      grep -q 'create with rejected PTX: rc=1 cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_' $drv/out.txt &&
      grep -q 'malloc 2^50 bytes: rc=1 cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY' $drv/out.txt &&
      grep -q 'runtime-driver: survived' $drv/out.txt"
  fi
else
  echo "SKIP   -     -  driver-errors (no C compiler on this machine)" >> "$summary"
fi

{
  echo
  echo "gpu-edge summary (verdict, exit code, time, case, fuse-run | sanitizer):"
  cat "$summary"
  echo "gpu-edge: $checks checks, $failures failed; log: $log"
} | tee -a "$log"
# An exit status is 8 bits: cap the count so that 256 failures is not 0.
exit $((failures > 100 ? 100 : failures))
