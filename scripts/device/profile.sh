#!/usr/bin/env bash
#===- scripts/device/profile.sh - SASS, Nsight Compute and the probe sweep -===#
#
# One device call that gathers what the schedule notes need: the SASS of the
# bench kernels (ptxas -v, cuobjdump -sass, an opcode histogram), Nsight
# Compute's warp-state and pipe sections for the probe and a large-tile
# kernel (when ncu is installed), and the probe tile sweep through
# bench/bench.py (device-pkg/sweep-kernels from bench/build-kernels.py
# --sweep). Usage (device tool): OUT=$OUT scripts/device/profile.sh
#
#===----------------------------------------------------------------------===#
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
OUT=${OUT:-/tmp/fusec-out}
mkdir -p "$OUT/sass" "$OUT/ncu"
. scripts/device/bin-env.sh
export PATH=$PATH:/usr/local/cuda/bin
for ptx in device-pkg/bench-kernels/*_argmin.probe.auto.ptx \
           device-pkg/bench-kernels/*_argmin.sample-heavy.auto.ptx; do
  name=$(basename "$ptx" .ptx)
  ptxas -arch=sm_90 -v "$ptx" -o "$OUT/sass/$name.cubin" 2> "$OUT/sass/$name.ptxas.txt"
  cuobjdump -sass "$OUT/sass/$name.cubin" > "$OUT/sass/$name.sass" 2>&1
  grep -oE '^\s+/\*[0-9a-f]{4}\*/\s+[A-Z][A-Z0-9_.]*' "$OUT/sass/$name.sass" |
    awk '{print $2}' | sort | uniq -c | sort -rn > "$OUT/sass/$name.histogram.txt"
  rm -f "$OUT/sass/$name.cubin"
done
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: ${ncu:-not found}" > "$OUT/ncu/where.txt"
if [ -n "$ncu" ]; then
  sections="--section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats --section InstructionStats \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis"
  for ex in naive_argmin gemm_argmin; do
    timeout 150 $ncu $sections -k regex:'_k0$' -c 1 fuse-run examples/$ex.mlir \
      --mode=gpu --trials=1 --seed=3 --dims=s0=4096 --keep-extent=256,512 \
      --expected-rows=4096 > "$OUT/ncu/$ex.probe.txt" 2>&1
    timeout 150 $ncu $sections -k regex:'_k0$' -c 1 fuse-run examples/$ex.mlir \
      --mode=gpu --trials=1 --seed=3 --dims=s0=16384 --keep-extent=256,512 \
      --expected-rows=131072 > "$OUT/ncu/$ex.large-tile.txt" 2>&1
  done
fi
if [ -d device-pkg/sweep-kernels ]; then
  python3 bench/bench.py --runtime device-pkg/lib/libfusec_runtime.so \
    --kernels device-pkg/sweep-kernels --shapes probe --no-jax \
    --out "$OUT/sweep" --budget-seconds ${SWEEP_BUDGET:-200} 2> "$OUT/sweep.log"
  grep -E "fusec .*probe" "$OUT/sweep/performance.md" | grep -v "graph" | head -40
fi
ls -R "$OUT" | head -40
