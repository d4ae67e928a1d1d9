#!/usr/bin/env bash
# Session 27, device call 1: the fixed part of the probe's 3xTF32 call.
#  empty0: the kernel returns at once (same launch: 384 threads, 168 KB of
#    dynamic shared memory, clusters of 2): what the launch alone costs;
#  empty1: it returns after the setup (barrier inits, cluster barrier);
#  relaxsetup: the setup's cluster barrier as a relaxed arrive and a CTA
#    barrier; the cluster wait moves before the first exchange store (the
#    consumers) and before the first unit's arrival (the producers);
#  tmprefetch: prefetch.tensormap of the rows' tensor map at the setup;
#  st5: five mbarrier stages instead of four (--stages=5);
#  st5relax: the three together.
# FUSEC_EXP builds (not in the tree) and hand-cut PTX (empty0/1), labels of
# the empty ones wrong by construction.
# Carries build/lib/libfusec_runtime.so and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
R=build/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
{
for v in empty0 empty1; do
  echo "== base (old) against $v (new)"
  NOREF=1 REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1 | grep -v "first differing\|float64 d"
done
for v in base relaxsetup tmprefetch relaxsetup_tmprefetch st5 st5relax; do
  echo "== base (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/base $E/$v $K 2>&1
done
} | tee $OUT/ab.txt
