#!/usr/bin/env bash
# Session 33, device call 2: where run 1's certified probe kernel spends its
# time. device-pkg3/s: the certified kernels built with FUSEC_CERT_SKIP=1
# (no direct-form recheck: labels wrong where a row needs it, the rest's
# cost); device-pkg3/n: FUSEC_CERT_COUNT=1 (counts.py reads each tile's
# counts). Both hooks were in a scratch build only, not committed.
set -u
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
S=docs/results/h200-2026-12-04/session33
N=4096 K=256 D=512 REPS=20 NOREF=1 ab probe-cs device-pkg3/c device-pkg3/s probe
N=4096 K=256 D=512 BM=64 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/probe.ptx
N=3001 K=1000 D=200 BM=64 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/k1000d200.ptx
N=8192 K=256 D=2048 BM=128 python3 $S/counts.py device-pkg3/lib/libfusec_runtime.so device-pkg3/n/k256d2048.ptx
N=8192 K=256 D=2048 REPS=10 NOREF=1 ab k256d2048-cs device-pkg3/c device-pkg3/s k256d2048
echo "done ($(elapsed) s)"
