#!/usr/bin/env bash
# Session 17, eighth device call: the A descriptors from a warp-uniform
# warpgroup index (uniform-a.ptx) against version 22's kernel: SASS opcode
# counts, bursts after rests beside cuBLAS (burst-f16.py), and Nsight
# Compute's instruction and cycle counts.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session17
D=$S/f16-desc
export PATH=$PATH:/usr/local/cuda/bin
for k in plain-v22 uniform-a; do
  ptxas -arch=sm_90a $D/$k.ptx -o $OUT/$k.cubin && cuobjdump -sass $OUT/$k.cubin > $OUT/$k.sass
  echo "$k: $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $OUT/$k.sass) SASS lines; R2UR $(grep -c R2UR $OUT/$k.sass); IMAD.MOV $(grep -c IMAD.MOV $OUT/$k.sass); HGMMA $(grep -c HGMMA $OUT/$k.sass)"
done
OUT=$OUT REPS=20 REST=4 VARIANTS=plain-v22,uniform-a,plain-v22,uniform-a \
  timeout 300 python3 $S/burst-f16.py device-pkg/lib/libfusec_runtime.so $D > $OUT/burst-desc.log 2>&1
echo "burst rc $?"; tail -7 $OUT/burst-desc.log
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
for k in plain-v22 uniform-a; do
  timeout 120 $ncu --metrics smsp__inst_executed.sum,gpc__cycles_elapsed.max,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_uniform.sum \
    -k regex:gemm_argmin_f16_k0 -c 1 env N=131072 python3 $S/ncu-f16-once.py device-pkg/lib/libfusec_runtime.so $D/$k.ptx > $OUT/ncu-$k.txt 2>&1
  echo "== $k"; grep -E "smsp__|gpc__" $OUT/ncu-$k.txt
done
