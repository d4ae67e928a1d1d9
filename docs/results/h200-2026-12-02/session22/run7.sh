#!/usr/bin/env bash
# Session 22, device call 7: Nsight Compute's full set and the SASS source
# view of version 28's probe 3xTF32 kernel (the producers sum the
# candidate norms), for scripts/ncu-stalls.py here; version 27's kernel
# beside it (device-pkg2/v27full). Carries device-pkg/{lib/
# libfusec_runtime.so,bench-kernels}, device-pkg2/v27full.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p $OUT/v28 $OUT/v27
OUT=$OUT/v28 scripts/device/ncu-full.sh -k gemm_argmin_k0 -s 2 device-pkg/lib/libfusec_runtime.so \
  device-pkg/bench-kernels/gemm_argmin.probe.3xtf32-wgmma.ptx
OUT=$OUT/v27 scripts/device/ncu-full.sh -k gemm_argmin_k0 -s 2 device-pkg/lib/libfusec_runtime.so \
  device-pkg2/v27full/gemm_argmin.probe.3xtf32-wgmma.ptx
for v in v27 v28; do
  echo "== $v"
  zcat $OUT/$v/gemm_argmin.probe.3xtf32-wgmma.details.txt.gz | grep -E 'Duration|Elapsed Cycles|SM Frequency|Tensor|Issue Slots Busy|Warp Cycles Per Issued|Executed Ipc' | head -12
done
ls -R $OUT
