#!/usr/bin/env bash
# Session 30, device call 4: the probe's new 128x128 split-2 kernels (f16,
# tf32) with 3 TMA stages (the default: the stage budget assumes two blocks
# a SM for 64 accumulators a thread, but the producer warpgroup's 384
# threads leave one) against 4 and 6 stages, at d = 512 and 2048.
# device-pkg2 from the commands in this session's README.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
P=device-pkg2
for v in s4 s6; do
  for d in 512 2048; do
    D=$d ab stages-$v-d$d $P/s0 $P/$v p-tf32-d$d p-f16-d$d
  done
done
echo "done $(elapsed) s"
