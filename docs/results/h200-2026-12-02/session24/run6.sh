#!/usr/bin/env bash
# Session 24, device call 6: the consumers' A path of the split producer
# (3xTF32), which run 5's profile puts on the slice's critical path:
# ldm: each k-step's A fragment by one ldmatrix.x4 instead of 4 LDS.32
# and their swizzled addresses; rn: the TF32 big part rounded as
# (bits + 0x1000) & 0xffffe000 without ptxas's non-finite guard for
# cvt.rna (FSETP + SEL; only where the split has no guard of its own,
# i.e. the split producer's); ldmrn: both. Against version 29
# (bench/ab.py, ABBA) on the probe; ldmrn also at k = 1000, d = 200
# (3001 and 20000 rows, few-rows and large-shape schedules) against
# float64, and on sample-heavy (timing, labels compared).
# Carries build/lib/libfusec_runtime.so, device-pkg2/{v29,ldm,rn,ldmrn}.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
P="gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma"
{
for v in ldm rn ldmrn; do
  echo "== version 29 (old) against $v (new), probe"
  REPS=60 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/$v $P 2>&1
done
echo "== ldmrn (old) against version 29 (new), probe"
REPS=60 python3 bench/ab.py $R device-pkg2/ldmrn device-pkg2/v29 $P 2>&1
for n in 3001 20000; do
  echo "== version 29 against ldmrn, n=$n k=1000 d=200"
  N=$n K=1000 D=200 REPS=10 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/ldmrn \
    gemm_argmin.odd.3xtf32-wgmma gemm_argmin.odd.3xtf32-recheck-wgmma \
    gemm_argmin.oddlarge.3xtf32-wgmma gemm_argmin.oddlarge.3xtf32-recheck-wgmma 2>&1
done
echo "== version 29 against ldmrn, sample-heavy (131072 x 8192 x 8192)"
N=131072 K=8192 D=8192 NOREF=1 REPS=4 timeout 200 python3 bench/ab.py $R device-pkg2/v29 device-pkg2/ldmrn \
  gemm_argmin.sample-heavy.3xtf32-wgmma 2>&1
} | tee $OUT/ab.txt
