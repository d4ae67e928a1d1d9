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
for v in s2 c; do
  [ $(elapsed) -lt 170 ] || break
  ncu_fusec ncu-$v device-pkg10/$v/$K.ptx
done
echo "done ($(elapsed) s)"
