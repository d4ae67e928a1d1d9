#!/usr/bin/env bash
#===- scripts/device/profile-fma-large.sh - Nsight Compute on FMA kernels -===#
#
# Nsight Compute's warp-state, scheduler, instruction and source sections for
# the FMA schedule's kernels on the seed shapes' candidates and features
# (8192 x 8192), at 16384 rows (one wave of row tiles), with the schedule the
# large shapes get (--expected-rows=131072). Extra fuse-run flags per run:
# FLAGS_<name>. Usage (device tool): OUT=$OUT scripts/device/profile-fma-large.sh
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT/ncu"
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -z "$ncu" ]; then
  echo "ncu not found" > "$OUT/ncu/where.txt"
  exit 0
fi
sections="--section SpeedOfLight --section Occupancy --section LaunchStats \
  --section WarpStateStats --section SchedulerStats --section InstructionStats \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
  --section SourceCounters"
for ex in ${EXAMPLES:-gemm_argmin naive_argmin}; do
  sed 's/256/8192/g; s/512/8192/g' examples/$ex.mlir > /tmp/$ex-large.mlir
  timeout 240 $ncu $sections -k regex:'_k0$' -c 1 fuse-run /tmp/$ex-large.mlir \
    --mode=gpu --trials=1 --seed=3 --dims=s0=16384 --keep-extent=all \
    --ref-rows=2 --expected-rows=131072 ${FLAGS:-} > "$OUT/ncu/$ex.txt" 2>&1
  echo "$ex: exit $?" >> "$OUT/ncu/status.txt"
  # Stall reasons (cycles per issued instruction) and, per SASS
  # instruction, the sampled stalls.
  timeout 240 $ncu --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k regex:'_k0$' -c 1 fuse-run /tmp/$ex-large.mlir --mode=gpu --trials=1 \
    --seed=3 --dims=s0=16384 --keep-extent=all --ref-rows=2 \
    --expected-rows=131072 ${FLAGS:-} > "$OUT/ncu/$ex.stalls.txt" 2>&1
  timeout 240 $ncu --section SourceCounters --section WarpStateStats \
    --page source --print-source sass --csv -k regex:'_k0$' -c 1 \
    fuse-run /tmp/$ex-large.mlir --mode=gpu --trials=1 --seed=3 \
    --dims=s0=16384 --keep-extent=all --ref-rows=2 --expected-rows=131072 \
    ${FLAGS:-} > "$OUT/ncu/$ex.source.csv" 2>&1
done
