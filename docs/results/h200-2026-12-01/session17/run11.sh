#!/usr/bin/env bash
# Session 17, eleventh device call: SASS of sample-heavy's tf32 wgmma kernel
# before and after the warp-uniform warpgroup index (run 10 timed the new
# one at 79.8 ms against 43.8).
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
export PATH=$PATH:/usr/local/cuda/bin
for k in old:$S/old-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx new:device-pkg/bench-kernels/gemm_argmin.sample-heavy.tf32-wgmma.ptx; do
  t=${k%%:*}; p=${k#*:}
  ptxas -arch=sm_90a $p -o $OUT/tf32-$t.cubin && cuobjdump -sass $OUT/tf32-$t.cubin > $OUT/tf32-$t.sass
  echo "$t: $(grep -c HGMMA $OUT/tf32-$t.sass) HGMMA; $(grep -c 'WARPGROUP.DEPBAR' $OUT/tf32-$t.sass) DEPBAR; $(grep -c 'WARPGROUP.ARRIVE' $OUT/tf32-$t.sass) ARRIVE; $(grep -c 'WARPSYNC' $OUT/tf32-$t.sass) WARPSYNC"
  gzip -9 $OUT/tf32-$t.sass; rm $OUT/tf32-$t.cubin
done
