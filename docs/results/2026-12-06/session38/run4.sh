#!/usr/bin/env bash
# Session 38, device call 4: the consumers' per-tile barrier (stagger.py).
# bench/ab.py of sample-heavy-f16's wgmma kernel as it stands (a) against
# c (the barrier only on the tiles that exchange norms), s1 and s2 (c, and
# the second consumer warpgroup sleeps 1000 / 2000 ns after each barrier);
# labels must be equal. Then Nsight Compute's cycles, tensor-pipe share
# and L2/DRAM bytes for one call of c, s1 and s2 (call 2 has a's).
# Each step only while the call is young (the session's device time was
# short). Carries device-pkg/lib/libfusec_runtime.so and device-pkg10.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
K=gemm_argmin_f16.sample-heavy-f16.wgmma
for v in c s2 s1; do
  [ $(elapsed) -lt 110 ] || break
  N=131072 K=8192 D=8192 REPS=10 NOREF=1 ab ab-a-$v device-pkg10/a device-pkg10/$v $K
done
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
for v in s2 c; do
  [ $(elapsed) -lt 170 ] || break
  timeout 90 $ncu --metrics dram__bytes_read.sum,lts__t_bytes.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
    -k regex:'gemm_argmin_f16_k0$' -c 1 python3 docs/results/h200-2026-12-01/session17/ncu-f16-once.py \
    device-pkg/lib/libfusec_runtime.so device-pkg10/$v/$K.ptx > $OUT/ncu-$v.txt 2>&1
  echo "ncu $v rc $?"; grep -E 'dram__|lts__|cycles|inst_exec|hmma' $OUT/ncu-$v.txt
done
echo "done ($(elapsed) s)"
