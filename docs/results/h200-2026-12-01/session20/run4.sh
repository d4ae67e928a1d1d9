#!/usr/bin/env bash
# Session 20, fourth device call: Nsight Compute's full set and the SASS
# with its stall samples for the probe's recheck merge entry in four warps
# (run 3's kernels), warm (the third call).
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
S=docs/results/h200-2026-12-01/session20
K=device-pkg/bench-kernels
RT=device-pkg/lib/libfusec_runtime.so
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
REPEAT=3 timeout 200 $ncu --set full --import-source no -k regex:'_merge$' \
  --launch-skip 2 -c 1 -f -o /tmp/merge python3 docs/results/h200-2026-12-01/session19/kernels-once.py $RT \
  $K/gemm_argmin.probe.3xtf32-recheck-wgmma.ptx > /tmp/merge.log 2>&1
echo "ncu rc $?"; tail -3 /tmp/merge.log
$ncu -i /tmp/merge.ncu-rep --page details --print-details all > $OUT/merge-details.txt 2>&1
$ncu -i /tmp/merge.ncu-rep --page source --csv --print-source sass > $OUT/merge-source.csv 2>&1
grep -E 'Duration|SM Frequency|Memory Throughput|L2 Cache Throughput|DRAM Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Warp Cycles Per Issued|Stall [A-Z]' $OUT/merge-details.txt | head -40
