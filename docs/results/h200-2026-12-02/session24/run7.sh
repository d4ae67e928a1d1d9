#!/usr/bin/env bash
# Session 24, device call 7: the kept build (version 30: ldmatrix A
# fragments and the unguarded rounding for the split producer), from
# scripts/device/package.sh. Session 22's run6.sh (GPU tests of every
# 3xTF32 case under memcheck and racecheck too, the 3xTF32 NaN / inf edge
# cases, the tensor-core check, the probe bench), then the large shapes'
# 3xTF32 bench kernels against version 29's (bench/ab.py, ABBA, labels
# compared, no float64 reference). Carries device-pkg/{bin/fuse-run.xz,
# bin/fusec.xz,lib/libfusec_runtime.so,bench-kernels,tc-kernels},
# device-pkg2/{v29L,newL}.
set -u
cd "$(dirname "$0")/../../../.."
OUT=$OUT docs/results/h200-2026-12-02/session22/run6.sh
R=device-pkg/lib/libfusec_runtime.so
{
echo "== large shapes: version 29 (old) against version 30 (new)"
N=131072 K=8192 D=8192 NOREF=1 REPS=3 timeout 120 python3 bench/ab.py $R device-pkg2/v29L device-pkg2/newL \
  gemm_argmin.sample-heavy.3xtf32-wgmma gemm_argmin.sample-heavy.3xtf32-recheck-wgmma 2>&1
N=65536 K=16384 D=8192 NOREF=1 REPS=3 timeout 120 python3 bench/ab.py $R device-pkg2/v29L device-pkg2/newL \
  gemm_argmin.centroid-heavy.3xtf32-wgmma gemm_argmin.centroid-heavy.3xtf32-recheck-wgmma 2>&1
N=65536 K=4096 D=16384 NOREF=1 REPS=3 timeout 120 python3 bench/ab.py $R device-pkg2/v29L device-pkg2/newL \
  gemm_argmin.feature-heavy.3xtf32-wgmma gemm_argmin.feature-heavy.3xtf32-recheck-wgmma 2>&1
} | tee $OUT/ab-large.txt
