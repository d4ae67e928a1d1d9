#!/usr/bin/env bash
# Session 16, ninth device call: Nsight Compute's SASS source counters of
# the norms-passed-in Gram kernel with the carried staging (n = 16384), and
# where its global loads and shared stores sit in the SASS.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
P=docs/results/h200-2026-11-30/session15/ptx
export PATH=$PATH:/usr/local/cuda/bin
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 200 $ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv -k regex:gram_given_norms_k0 --launch-skip 1 -c 1 \
    env N=16384 NCU=1 python3 $S/gin-ab.py device-pkg/lib/libfusec_runtime.so $P $S/gin-variants/gram-given-carry.sample-heavy.ptx > $OUT/carry.source.csv 2>&1
echo "ncu rc $?"; gzip -9 $OUT/carry.source.csv
