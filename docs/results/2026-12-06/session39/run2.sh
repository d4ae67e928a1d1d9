#!/usr/bin/env bash
# Session 39, device call 2: sample-heavy-f16's wgmma kernel as on main
# (device-pkg10/a) against
#   v     version 41's comparison (ult and ord, 274419c applied again):
#         fewer epilogue instructions, which lost the DRAM sharing then;
#   vW8   v with session 37's throttle (a part's blocks within 8 slices
#         of their mean), which keeps the sharing by construction;
#   s500  stagger.py: the barrier only where norms are exchanged,
#         the second consumer warpgroup 500 ns behind after it.
# bench/ab.py, 10 interleaved pairs, labels must be equal; then Nsight
# Compute's counts for one call of vW8 (DRAM bytes, tensor pipe).
# Carries device-pkg/lib/libfusec_runtime.so and device-pkg/k2.tar.xz.
set -u
cd "$(dirname "$0")/../../../.."
[ -d device-pkg10/vW8 ] || tar -xJf device-pkg/k2.tar.xz
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
F16=gemm_argmin_f16.sample-heavy-f16.wgmma
export REPS=10 NOREF=1 N=131072 K=8192 D=8192
for v in vW8 v s500; do
  ab ab-a-$v device-pkg10/a device-pkg10/$v $F16
done
for v in vW8; do
  [ $(elapsed) -lt 60 ] || break
  ncu_fusec ncu-$v device-pkg10/$v/$F16.ptx
done
echo "done ($(elapsed) s)"
