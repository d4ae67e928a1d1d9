#!/usr/bin/env bash
#===- scripts/device/tc-profile.sh - Nsight Compute on tensor-core kernels -===#
#
# Nsight Compute's throughput, warp-state, scheduler, instruction and
# source-counter sections for the kernels of device-pkg/tc-large/prof.json
# (bench/tensor_core_check.py --large entries, small n), first launch each.
# Usage (device tool): OUT=$OUT scripts/device/tc-profile.sh
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
sections="--section SpeedOfLight --section Occupancy --section WarpStateStats \
  --section SchedulerStats --section InstructionStats \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
  --section SourceCounters"
# Stall reasons, in cycles per issued instruction.
reasons="barrier long_scoreboard short_scoreboard math_pipe_throttle \
  mio_throttle wait not_selected selected dispatch_stall lg_throttle \
  no_instruction branch_resolving"
metrics=$(for r in $reasons; do
  printf 'smsp__average_warps_issue_stalled_%s_per_issue_active.ratio,' "$r"
done)
metrics="${metrics}sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_tensor.sum,smsp__inst_executed.sum"
# One ncu process per entry, first launch of its kernel only.
python3 - <<'PY'
import json
entries = json.load(open("device-pkg/tc-large/prof.json"))
for i, e in enumerate(entries):
    json.dump([e], open("device-pkg/tc-large/prof-%d.json" % i, "w"))
print(len(entries))
PY
: > "$OUT/ncu.txt"
for f in device-pkg/tc-large/prof-*.json; do
  timeout 300 $ncu $sections --metrics "$metrics" -k regex:'_k0$' -c 1 python3 bench/tensor_core_check.py \
    --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/tc-large \
    --large "$(basename "$f")" --reps 1 >> "$OUT/ncu.txt" 2>&1
done
grep -E "^  [a-z_]+_k0|stalled|pipe_tensor|inst_executed|Duration|Throughput|Issue Slots|Stall|Warp Cycles|Eligible|Active Warps|Registers|Pipe|Bank" "$OUT/ncu.txt" | head -80
