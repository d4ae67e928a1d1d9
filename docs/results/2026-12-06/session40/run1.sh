#!/usr/bin/env bash
# Session 40, device call 1: sample-heavy-f16's wgmma kernel as on main
# (device-pkg12/a: persistent, 4 parts per row tile, 132 blocks) against
#   c2  --cluster=2: 1024 blocks in clusters of 2 that multicast the
#       candidate slices (a third fewer L2 bytes per output);
#   c4  --cluster=4: clusters of 4 (half the L2 bytes per output).
# bench/ab.py, 10 interleaved pairs, labels must be equal; Nsight Compute's
# counts for one call of c2 and c4; then bench.py's sample-heavy-f16 with
# c2 in place of main's kernel (cuBLAS fp16 alone and torch.compile beside).
# Carries device-pkg/lib/libfusec_runtime.so, device-pkg/k4.tar.xz and
# device-pkg/bench-kernels.
set -u
cd "$(dirname "$0")/../../../.."
[ -d device-pkg12/c4 ] || tar -xJf device-pkg/k4.tar.xz
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader
F16=gemm_argmin_f16.sample-heavy-f16.wgmma
export REPS=10 NOREF=1 N=131072 K=8192 D=8192
for v in c2 c4; do
  ab ab-a-$v device-pkg12/a device-pkg12/$v $F16
done
for v in c2 c4 a; do
  [ $(elapsed) -lt 150 ] || break
  ncu_fusec ncu-$v device-pkg12/$v/$F16.ptx
done
unset REPS NOREF N K D
BEST=${BEST:-c2}
rm -rf /tmp/bk && cp -r device-pkg/bench-kernels /tmp/bk
cp device-pkg12/$BEST/$F16.ptx device-pkg12/$BEST/$F16.ptx.json /tmp/bk/
bench_shapes f16-$BEST /tmp/bk sample-heavy-f16 --budget-seconds 60 --no-cupy --no-jax
echo "done ($(elapsed) s)"
