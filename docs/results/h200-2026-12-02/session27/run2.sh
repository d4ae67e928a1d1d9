#!/usr/bin/env bash
# Session 27, device call 2: does the split producer's proxy fence wait for
# the next slice's chunk loads, which are in flight when it runs?
#  nofence: base with the producer's fence.proxy.async removed (timing
#    only: without the fence wgmma may read stale parts);
#  the SASS of the producer's fence and what follows it (cuobjdump);
#  relaxsetup again (run 1: 0.991).
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
cuobjdump -sass $E/base.cubin > $OUT/base.sass 2>&1
grep -n -B3 -A8 "MEMBAR\|FENCE" $OUT/base.sass | head -80
gzip $OUT/base.sass
{
for v in nofence relaxsetup; do
  echo "== base (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
} | tee $OUT/ab.txt
