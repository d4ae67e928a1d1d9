#!/usr/bin/env bash
# Session 24, device call 5: Nsight Compute's full set and SASS source
# view of the probe's TF32 and 3xTF32 wgmma kernels (version 29), for
# scripts/ncu-stalls.py here: where a TF32 slice's 1600 cycles go when
# neither the L2 (run 2), DRAM (run 3), the stage count (run 3) nor the
# barrier waits (run 4) set them. Carries build/lib/libfusec_runtime.so,
# device-pkg2/v29.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
for p in tf32 3xtf32; do
  OUT=$OUT scripts/device/ncu-full.sh -k gemm_argmin_k0 -s 2 build/lib/libfusec_runtime.so \
    device-pkg2/v29/gemm_argmin.probe.$p-wgmma.ptx
  zcat $OUT/gemm_argmin.probe.$p-wgmma.details.txt.gz | grep -E 'Duration|Elapsed Cycles|SM Frequency|Tensor|Issue Slots Busy|L2 Hit|Registers Per' | head -20
  ptxas -arch=sm_90a device-pkg2/v29/gemm_argmin.probe.$p-wgmma.ptx -o /tmp/$p.cubin &&
    cuobjdump --dump-sass /tmp/$p.cubin | gzip > $OUT/$p.sass.txt.gz
done
ls -la $OUT
