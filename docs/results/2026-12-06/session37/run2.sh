#!/usr/bin/env bash
# Session 37, device call 2: why version 41's kernel is slower (run 1:
# sample-heavy-f16's wgmma kernel 26.38 ms against 24.85 ms before, labels
# equal, with 192 fewer SASS instructions by the local ptxas). Version 22
# saw a tf32 kernel with fewer instructions read 3.7x the DRAM bytes when
# its blocks fell out of step (performance-notes.md, version 23). So:
# both kernels' SASS (this machine's ptxas + cuobjdump, for a diff here),
# then Nsight Compute's DRAM, L2, cycle and instruction counts for one
# call of each at n = 131072 (session17's ncu-f16-once.py). device-pkg8:
# a.ptx (655eba1) and k.ptx (version 41). Carries device-pkg8 and
# device-pkg/lib/libfusec_runtime.so (and device-pkg9 for the H200 part).
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
ptxas --version | tail -1
nvidia-smi --query-gpu=name --format=csv,noheader
for v in a k; do
  ptxas -arch=sm_90a -v device-pkg8/$v.ptx -o /tmp/$v.cubin 2>&1 | grep -E 'registers|Potential'
  cuobjdump --dump-sass /tmp/$v.cubin > $OUT/sass-$v.txt
  wc -l $OUT/sass-$v.txt
done
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
for v in a k; do
  timeout 120 $ncu --metrics dram__bytes_read.sum,lts__t_bytes.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
    -k regex:'gemm_argmin_f16_k0$' -c 1 python3 docs/results/h200-2026-12-01/session17/ncu-f16-once.py \
    device-pkg/lib/libfusec_runtime.so device-pkg8/$v.ptx > $OUT/ncu-$v.txt 2>&1
  echo "ncu $v rc $?"; grep -E 'dram__|lts__|cycles|inst_exec|hmma' $OUT/ncu-$v.txt
done
# On an H200 only (session 36 measured these on an H100): the bench of the
# naive example's direct form, certified and reassociated rows on the three
# large shapes beside the peers and torch.compile's running tiles
# (device-pkg9/certified-large: those 9 kernels of bench/build-kernels.py
# at d135686 with predictions.json, cut by session34's cut-kernels.py).
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  . scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
  bench_shapes certified-large device-pkg9/certified-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 240 \
    --tiles-large once --no-cupy --no-jax
  grep -E 'running tiles|fusec|cuBLAS' $OUT/certified-large/performance.md |
    grep -v graph | grep ms | head -24 | cut -c1-200
  echo "done ($(elapsed) s)"
fi
