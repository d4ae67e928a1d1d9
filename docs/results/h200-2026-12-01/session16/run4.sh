#!/usr/bin/env bash
# Session 16, fourth device call: the Gram kernel fed only its candidate
# norms (the row norms stay in the first tile's duty): where ptxas puts the
# slice loop's global loads, its time beside versions 20 and 21 and the
# kernel fed both norms, and each one's label agreement with torch eager Gram.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
P=docs/results/h200-2026-11-30/session15/ptx
export PATH=$PATH:/usr/local/cuda/bin
OUT=$OUT/s scripts/device/sass-compare.sh $S/gin-variants/gram-given-cc.sample-heavy.ptx > $OUT/sass-compare.log 2>&1
f=$OUT/s/sass/gram-given-cc.sample-heavy.sass
{ grep -nE "LDG.E.128|BAR.SYNC" $f | awk -F: '{printf "%s:%s ", $1, substr($2, index($2,"*/")+2, 28)} END {print ""}'
  echo "FFMA range: $(grep -n FFMA $f | head -1 | cut -d: -f1) .. $(grep -n FFMA $f | tail -1 | cut -d: -f1)"; } > $OUT/ldg-positions.txt
tar -C $OUT/s -czf $OUT/sass.tgz sass && rm -rf $OUT/s
cat $OUT/ldg-positions.txt
OUT=$OUT ROUNDS=3 timeout 150 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P $S/gin-variants/gram-given-cc.sample-heavy.ptx > $OUT/gin-ab.log 2>&1
echo "gin-ab rc $?"; tail -3 $OUT/gin-ab.log
