#!/usr/bin/env bash
# Session 21, device call 1: where the probe's calls spend their time
# between the bench's events. timeline.py under Nsight Systems (when the
# machine has it) gives each memset and kernel of every rep; Nsight
# Compute without clock control gives each kernel's duration at the
# clock the bench runs at. Carries device-pkg/{lib/libfusec_runtime.so,
# bench-kernels} from scripts/device/package.sh.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session21
K=device-pkg/bench-kernels
RT=device-pkg/lib/libfusec_runtime.so
P="$K/gemm_argmin.probe.3xtf32-wgmma.ptx $K/gemm_argmin.probe.tf32-wgmma.ptx
   $K/gemm_argmin.probe.auto.ptx $K/naive_argmin.probe.auto.ptx
   $K/gemm_argmin.probe.3xtf32-recheck-wgmma.ptx"
mkdir -p $OUT
python3 $S/timeline.py $RT $P 2>&1 | tee $OUT/timeline-events.txt
nsys=$(command -v nsys || ls /usr/local/cuda*/bin/nsys /opt/nvidia/nsight-systems*/*/bin/nsys /usr/local/cuda*/nsight-systems*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${nsys:-none}"
if [ -n "$nsys" ]; then
  timeout 200 $nsys profile -t cuda -o /tmp/tl -f true python3 $S/timeline.py $RT $P > $OUT/nsys.log 2>&1
  $nsys stats --report cuda_gpu_trace --format csv -o /tmp/tl /tmp/tl.nsys-rep >> $OUT/nsys.log 2>&1
  f=$(ls /tmp/tl*cuda_gpu_trace*.csv | head -1)
  python3 $S/timeline.py --report $f | tee $OUT/timeline-nsys.txt
  gzip -c $f > $OUT/gpu-trace.csv.gz
fi
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
REPS=3 timeout 200 $ncu --clock-control none -k regex:'^(gemm|naive)' --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max \
  python3 $S/timeline.py $RT $P > $OUT/ncu-noclock.txt 2>&1
grep -E '^  [a-zA-Z_].*\(|gpu__time|sm__cycles' $OUT/ncu-noclock.txt | grep -v -E 'distribution|elementwise' | cut -c1-150 | head -80
