#!/usr/bin/env bash
# Session 23, device call 3: Nsight Compute's full set and SASS source
# view of the probe's 3xTF32 kernel, version 28 (device-pkg2/v28) and the
# candidates by TMA (device-pkg2/ctmaA), for scripts/ncu-stalls.py here,
# and the SASS of both (cuobjdump). Carries build/lib/libfusec_runtime.so,
# device-pkg2/{v28,ctmaA}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
for v in v28 ctmaA; do
  mkdir -p $OUT/$v
  OUT=$OUT/$v scripts/device/ncu-full.sh -k gemm_argmin_k0 -s 2 build/lib/libfusec_runtime.so \
    device-pkg2/$v/gemm_argmin.probe.3xtf32-wgmma.ptx
  echo "== $v"
  zcat $OUT/$v/gemm_argmin.probe.3xtf32-wgmma.details.txt.gz | grep -E 'Duration|Elapsed Cycles|SM Frequency|Tensor|Issue Slots Busy|L1/TEX Hit|L2 Hit|Shared' | head -20
  ptxas -arch=sm_90a device-pkg2/$v/gemm_argmin.probe.3xtf32-wgmma.ptx -o /tmp/$v.cubin &&
    cuobjdump --dump-sass /tmp/$v.cubin | gzip > $OUT/$v/sass.txt.gz
done
