#!/usr/bin/env bash
# Session 20, first device call: Nsight Compute's full set on the probe's
# kernels (prof-kernels.sh builds them into device-pkg2/prof), the SASS
# with its per-instruction stall samples for the two tensor-core kernels,
# and one back-to-back timing of each beside cuBLAS.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session20
P=device-pkg2/prof
RT=device-pkg2/lib/libfusec_runtime.so
export PATH=$PATH:/usr/local/cuda/bin
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit --format=csv
: > $OUT/details.txt
for k in a-3xtf32-auto b-tf32-64x128 c-ieee-auto d-naive-auto; do
  REPEAT=2 timeout 120 $ncu --set full --import-source no -k regex:'_k0$' \
    --launch-skip 1 -c 1 -f -o /tmp/$k python3 docs/results/h200-2026-12-01/session19/kernels-once.py $RT $P/$k.ptx \
    > /tmp/$k.log 2>&1
  echo "== $k rc $?" | tee -a $OUT/details.txt
  $ncu -i /tmp/$k.ncu-rep --page details --print-details all >> $OUT/details.txt 2>&1
done
for k in a-3xtf32-auto b-tf32-64x128; do
  $ncu -i /tmp/$k.ncu-rep --page source --csv --print-source sass > $OUT/source-$k.csv 2>&1
  echo "source $k: $(wc -l < $OUT/source-$k.csv) lines"
done
grep -E '^== |Duration|SM Frequency|Memory Throughput|L2 Cache Throughput|DRAM Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Achieved Occupancy|Registers Per|Warp Cycles Per Issued|No Eligible|One or More|Tensor' $OUT/details.txt | head -120
