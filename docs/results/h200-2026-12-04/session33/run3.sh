#!/usr/bin/env bash
# Session 33, device call 3: run 1 again after the refinement step (rows the
# tensor cores' bounds leave open are summed again by warps, as trees, with
# bounds (m + d + 10) u; only rows those leave open go to the direct form)
# and 12 ulps a MMA in the tensor-core bound (16 in runs 1-2). counts.py on
# device-pkg3/n now counts the rows that reach the direct form.
set -u
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
S=docs/results/h200-2026-12-04/session33
N=4096 K=256 D=512 REPS=20 ab probe-ab device-pkg3/a device-pkg3/b probe
N=4096 K=256 D=512 REPS=20 NOREF=1 ab probe-cb device-pkg3/c device-pkg3/b probe
N=4000 K=200 D=100 REPS=10 ab k200d100-ab device-pkg3/a device-pkg3/b k200d100
N=3001 K=1000 D=200 REPS=10 ab k1000d200-ab device-pkg3/a device-pkg3/b k1000d200
N=40000 K=1000 D=200 REPS=5 NOREF=1 ab k1000d200big-ab device-pkg3/a device-pkg3/b k1000d200big
N=8192 K=256 D=2048 REPS=10 ab k256d2048-ab device-pkg3/a device-pkg3/b k256d2048
N=8192 K=256 D=2048 REPS=10 NOREF=1 ab k256d2048-cb device-pkg3/c device-pkg3/b k256d2048
N=4096 K=256 D=512 BM=64 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/probe.ptx
N=3001 K=1000 D=200 BM=64 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/k1000d200.ptx
N=8192 K=256 D=2048 BM=128 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/k256d2048.ptx
echo "done ($(elapsed) s)"
