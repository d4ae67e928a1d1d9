#!/usr/bin/env bash
# Session 16, third device call: where ptxas puts the next slice's global
# loads (SASS of the stored kernels and of two hand-edited variants of the
# norms-passed-in kernel with a never-taken branch region), their times
# beside versions 20 and 21, and Nsight Compute's SASS source counters of
# version 21 (the compensated duty) at n = 16384.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
P=docs/results/h200-2026-11-30/session15/ptx
export PATH=$PATH:/usr/local/cuda/bin
OUT=$OUT/s scripts/device/sass-compare.sh $P/*.ptx $S/gin-variants/*.ptx > $OUT/sass-compare.log 2>&1
echo "sass rc $?"
for f in $OUT/s/sass/*.sass; do
  echo "== $(basename $f): LDG.E.128 / STS / BAR.SYNC / FFMA line numbers in the slice loop"
  grep -nE "LDG.E.128|BAR.SYNC|STS \[" $f | awk -F: '{printf "%s:%s ", $1, substr($2, index($2,"*/")+2, 28)} END {print ""}' | head -c 3000; echo
  echo "FFMA range: $(grep -n FFMA $f | head -1 | cut -d: -f1) .. $(grep -n FFMA $f | tail -1 | cut -d: -f1)"
done > $OUT/ldg-positions.txt
tar -C $OUT/s -czf $OUT/sass.tgz sass && rm -rf $OUT/s
OUT=$OUT timeout 90 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P $S/gin-variants/gram-fence-late.sample-heavy.ptx $S/gin-variants/gram-fence-early.sample-heavy.ptx > $OUT/gin-ab.log 2>&1
echo "gin-ab rc $?"; tail -3 $OUT/gin-ab.log
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 200 $ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv -k regex:gemm_argmin_k0 --launch-skip 1 -c 1 \
    env N=16384 NCU=1 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P > $OUT/v21.source.csv 2>&1
echo "ncu v21 rc $?"; gzip -9 $OUT/v21.source.csv
