#!/usr/bin/env bash
# Session 30, device call 1. Carries device-pkg2/ (built here by
# session30/build-variants.sh from 05aa0ba's fusec):
#  1. the probe's single-round tensor-core kernels (tf32, f16, bf16 on
#     wgmma) against 64-row and split variants, bench/ab.py pairs;
#  2. a d sweep of the chosen 128x256 kernel and the 64x128 variant
#     (what is fixed per call and what scales with d);
#  3. sample-heavy's ieee Gram kernel against plain norm sums and the
#     direct form's 128x128 cp.async schedule (NOREF, few pairs);
#  4. which kernels cuBLAS runs for X @ C.T on sample-heavy and the probe.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
P=device-pkg2
R=$P/lib/libfusec_runtime.so
T0=$(date +%s)
ab() { # ab <log> <dirA> <dirB> names...
  local log=$1; shift
  timeout 120 python3 bench/ab.py $R "$@" > $OUT/$log.log 2>&1
  echo "== $log rc $? ($(( $(date +%s) - T0 )) s) N=${N:-} D=${D:-}"
  grep -v "^  first" $OUT/$log.log | head -40
}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv
for v in m64n128 m64n128s2 m128n128s2; do
  ab probe-$v $P/auto $P/$v p-tf32-d512 p-f16-d512 p-bf16-d512
done
for d in 128 256 1024 2048; do
  D=$d ab sweep-d$d $P/auto $P/m64n128 p-tf32-d$d p-f16-d$d p-bf16-d$d
done
export N=131072 K=8192 D=8192 NOREF=1 REPS=4
for v in nocomp m128k16s2 m128k16s2nc; do
  ab large-$v $P/auto $P/$v sh-gram
done
unset N K D NOREF REPS
timeout 120 python3 - > $OUT/cublas-kernels.log 2>&1 <<'PY'
import torch
from torch.profiler import profile, ProfilerActivity
for n, k, d, dt in ((131072, 8192, 8192, torch.float32), (4096, 256, 512, torch.float32),
                    (4096, 256, 512, torch.float16), (131072, 8192, 8192, torch.float16)):
    x = torch.rand(n, d, device="cuda", dtype=dt); c = torch.rand(k, d, device="cuda", dtype=dt)
    x @ c.T; torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(3):
            x @ c.T
        torch.cuda.synchronize()
    for e in p.key_averages():
        if e.device_type.name == "CUDA":
            print(n, k, d, dt, e.key, round(e.device_time_total / e.count, 1), "us")
    del x, c
PY
echo "== cublas rc $?"; cat $OUT/cublas-kernels.log | cut -c1-250
echo "done $(( $(date +%s) - T0 )) s"
