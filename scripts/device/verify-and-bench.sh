#!/usr/bin/env bash
#===- scripts/device/verify-and-bench.sh - GPU checks, then the bench -----===#
#
# One device call: the correctness checks that matter for a changed
# schedule (random shapes, ties, NaN, compute-sanitizer), then the whole
# benchmark. Usage (device tool): OUT=$OUT scripts/device/verify-and-bench.sh
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/device/bin-env.sh
log=$OUT/verify.log
: > "$log"
fail=0
check() {
  echo "=== $*" >> "$log"
  timeout 200 "$@" >> "$log" 2>&1 || { echo "FAILED: $*" >> "$log"; fail=$((fail + 1)); }
}
for ex in naive_argmin gemm_argmin; do
  check fuse-run examples/$ex.mlir --mode=gpu --trials=12 --seed=31
  check fuse-run examples/$ex.mlir --mode=gpu --trials=4 --seed=32 --dup-rows=1
  check fuse-run examples/$ex.mlir --mode=gpu --trials=1 --dims=s0=20000 --keep-extent=256,512 --expected-rows=20000
  check fuse-run examples/$ex.mlir --mode=gpu --trials=1 --dims=s0=4096 --keep-extent=256,512 --expected-rows=4096
  check compute-sanitizer --tool racecheck --error-exitcode 9 fuse-run examples/$ex.mlir --mode=gpu --trials=1 --dims=s0=300 --keep-extent=256,512 --expected-rows=131072
  check compute-sanitizer --tool memcheck --error-exitcode 9 fuse-run examples/$ex.mlir --mode=gpu --trials=2 --seed=33 --max-dynamic=300 --max-static=70
done
check fuse-run examples/running_loop_k32.mlir --mode=gpu --trials=6 --seed=34 --keep-extent=32
echo "verify: $fail failed" >> "$log"
grep -E "PASS|FAIL|ERROR SUMMARY|RACECHECK SUMMARY|verify:" "$log" | tail -30
python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
  --kernels device-pkg/bench-kernels \
  --predictions device-pkg/bench-kernels/predictions.json \
  --out "$OUT" --budget-seconds ${BENCH_BUDGET:-420} 2> "$OUT/bench.log"
grep -E "^target|★" "$OUT/performance.md" | head -60
exit $fail
