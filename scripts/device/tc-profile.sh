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
count=$(python3 -c "import json;print(len(json.load(open('device-pkg/tc-large/prof.json'))))")
timeout 400 $ncu $sections -k regex:'_k0$' -c "$count" python3 bench/tensor_core_check.py \
  --runtime device-pkg/lib/libfusec_runtime.so --kernels device-pkg/tc-large \
  --large prof.json --reps 1 > "$OUT/ncu.txt" 2>&1
echo "ncu exit $?"
grep -E "^  [a-z_]+_k0|Duration|Throughput|Issue Slots|Stall|Warp Cycles|Eligible|Active Warps|Registers|Pipe|Bank" "$OUT/ncu.txt" | head -80
