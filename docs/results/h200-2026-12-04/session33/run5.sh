#!/usr/bin/env bash
# Session 33, device call 5: run 4 again with four levels (a row keeps its
# 4 least lower bounds, so up to 3 candidates go to the refinement and the
# direct form before all do) and the refinement of all candidates 8 at a
# time (4 in run 4). NOTIES=1: uniform data alone, as bench/bench.py's.
set -u
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
N=4096 K=256 D=512 REPS=20 ab probe-ab device-pkg3/a device-pkg3/b probe
N=4096 K=256 D=512 REPS=20 NOTIES=1 ab probe-ab-noties device-pkg3/a device-pkg3/b probe
N=4096 K=256 D=512 REPS=20 NOREF=1 NOTIES=1 ab probe-cb-noties device-pkg3/c device-pkg3/b probe
N=4000 K=200 D=100 REPS=10 ab k200d100-ab device-pkg3/a device-pkg3/b k200d100
N=3001 K=1000 D=200 REPS=10 ab k1000d200-ab device-pkg3/a device-pkg3/b k1000d200
N=40000 K=1000 D=200 REPS=5 NOREF=1 ab k1000d200big-ab device-pkg3/a device-pkg3/b k1000d200big
N=8192 K=256 D=2048 REPS=10 ab k256d2048-ab device-pkg3/a device-pkg3/b k256d2048
echo "done ($(elapsed) s)"
