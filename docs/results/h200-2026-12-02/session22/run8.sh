#!/usr/bin/env bash
# Session 22, device call 8: where ptxas put the split producer's
# candidate loads in the prefetch variant (run 5's device-pkg2/pre) and in
# the kept kernel (device-pkg/bench-kernels): the producer's SASS lines
# with LDG, STS, the mbarrier waits and arrivals, in order. Carries
# device-pkg/bench-kernels, device-pkg2/pre.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
for v in device-pkg2/pre device-pkg/bench-kernels; do
  n=$(basename $v)
  ptxas -arch=sm_90a $v/gemm_argmin.probe.3xtf32-wgmma.ptx -o /tmp/$n.cubin
  cuobjdump -sass /tmp/$n.cubin > /tmp/$n.sass
  # The producer's code follows its setmaxnreg decrease (USETMAXREG .DEALLOC).
  awk '/USETMAXREG.DEALLOC/{p=1} p' /tmp/$n.sass | \
    grep -nE 'LDG|STS|SYNCS|BAR|BRA|FENCE|SHFL' > $OUT/sass-$n.txt
  echo "== $n: $(wc -l < $OUT/sass-$n.txt) lines"; head -60 $OUT/sass-$n.txt
done
