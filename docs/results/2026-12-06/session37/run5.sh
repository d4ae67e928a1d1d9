#!/usr/bin/env bash
# Session 37, device call 5: the blocks of a candidate part held in step by
# construction (throttle.py: a producer waits while it is more than W
# slices ahead of its part's mean). bench/ab.py of sample-heavy-f16's
# wgmma kernel, 655eba1's (a) and version 41's (k), each against itself
# throttled at W = 8 and 32 slices (a8, a32, k8, k32); labels must be
# equal. Then Nsight Compute's DRAM and L2 bytes for one call of a8, a32,
# k8 and k32 (run 2 has a's and k's). Carries device-pkg10 and
# device-pkg/lib/libfusec_runtime.so.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
K=gemm_argmin_f16.sample-heavy-f16.wgmma
for pair in "a a8" "a a32" "k k8" "k k32"; do
  set -- $pair
  N=131072 K=8192 D=8192 REPS=10 NOREF=1 ab ab-$1-$2 device-pkg10/$1 device-pkg10/$2 $K
done
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
for v in a8 a32 k8 k32; do
  timeout 90 $ncu --metrics dram__bytes_read.sum,lts__t_bytes.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
    -k regex:'gemm_argmin_f16_k0$' -c 1 python3 docs/results/h200-2026-12-01/session17/ncu-f16-once.py \
    device-pkg/lib/libfusec_runtime.so device-pkg10/$v/$K.ptx > $OUT/ncu-$v.txt 2>&1
  echo "ncu $v rc $?"; grep -E 'dram__|lts__|cycles' $OUT/ncu-$v.txt
done
echo "done ($(elapsed) s)"
