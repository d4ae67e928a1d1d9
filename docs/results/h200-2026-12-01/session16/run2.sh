#!/usr/bin/env bash
# Session 16, second device call: the norms-passed-in Gram kernel timed
# beside versions 20 and 21, then Nsight Compute's warp states and the SASS
# source counters of each at n = 16384.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
P=docs/results/h200-2026-11-30/session15/ptx
export PATH=$PATH:/usr/local/cuda/bin
OUT=$OUT timeout 60 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P > $OUT/gin-ab.log 2>&1
echo "gin-ab rc $?"; tail -3 $OUT/gin-ab.log
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
mkdir -p $OUT/ncu
for k in gram_given_norms_k0 gemm_argmin_k0; do
  timeout 200 $ncu --section WarpStateStats --section SchedulerStats --section InstructionStats --section SourceCounters --section SpeedOfLight \
    -k regex:"$k" -c 2 env N=16384 NCU=1 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P > $OUT/ncu/$k.txt 2>&1
  echo "ncu $k rc $?"
  timeout 200 $ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv -k regex:"$k" -c 1 \
    env N=16384 NCU=1 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P > $OUT/ncu/$k.source.csv 2>&1
  echo "ncu src $k rc $?"
done
cd $OUT/ncu && gzip -9 *.csv; ls -la
