#!/usr/bin/env bash
# Session 17, seventh device call: where the fp16 kernel's 3.5 G warp
# instructions (cuBLAS: 2.3 G) are executed: Nsight Compute's SASS source
# view of version 22's sample-heavy-f16 kernel at 32768 rows.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 300 $ncu --section SourceCounters --section InstructionStats --section WarpStateStats --page source --print-source sass --csv -k regex:gemm_argmin_f16_k0 -c 1 \
    env N=32768 python3 $S/ncu-f16-once.py device-pkg/lib/libfusec_runtime.so $S/f16-gin/plain-v22.ptx > $OUT/f16-v22.source.csv 2>&1
echo "ncu rc $?"; head -c 600 $OUT/f16-v22.source.csv; gzip -9 $OUT/f16-v22.source.csv
