#!/usr/bin/env bash
# Session 36, device call 4: the certified kernel's label phases on uniform
# data. device-pkg5 (built here by a fusec with two temporary switches,
# not committed): n = the kernel as committed; d = the deferred rows'
# passes skipped (XNODEFER); f = the few-candidate tasks skipped
# (XNOFEW); b = both. The rows whose labels differ from n's count the rows
# each phase decides; the time differences are what it costs.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg5/lib/libfusec_runtime.so
for v in d f b; do
  N=65536 K=4096 D=16384 REPS=3 NOREF=1 NOTIES=1 ab fh-n$v device-pkg5/n device-pkg5/$v fh
done
for v in d b; do
  N=131072 K=8192 D=8192 REPS=3 NOREF=1 NOTIES=1 ab sh-n$v device-pkg5/n device-pkg5/$v sh
done
echo "done ($(elapsed) s)"
