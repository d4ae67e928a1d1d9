#!/usr/bin/env bash
# Session 45, device call 1: main's kernels (2182127).
# 1. On an H200 only: the probe with every peer (session 44's run3.sh,
#    first part): the certified Gram kernel has run on H100s only.
# 2. bench/ab.py at 8192 x 256 x 1024 on uniform data (NOTIES=1), plain
#    3xTF32 against certified: the open rows' cost without planted ties.
# 3. The probe, steps of 32 features (cert) against 64 (cert16, branch
#    session44-replay-steps), uniform data: is a replay step latency-bound?
# 4. gpu-tests.sh's certified Gram cases (d = 1000 with main's per-thread
#    replays: not run before).
# 5. Nsight Compute's source view of the certified kernel at 8192 x 256 x
#    1024 (uniform data).
# 6. On an H200, as time allows: the large shapes' naive rows.
# Carries device-pkg/lib, device-pkg/ab, device-pkg/bin, device-pkg/bk-probe,
# device-pkg/bk-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/lib/libfusec_runtime.so
echo "$SESSION_GPU"
h200=0; [[ $SESSION_GPU == *H200* ]] && h200=1
if [ $h200 = 1 ]; then
  bench_shapes probe device-pkg/bk-probe probe --budget-seconds 80
  (cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
fi
export REPS=20 NOREF=1
N=8192 K=256 D=1024 NOTIES=1 ab uniform-k256d1024 device-pkg/ab/tf3 device-pkg/ab/cert gram.k256d1024
unset NOREF
export REPS=40
NOTIES=1 ab probe16-uniform device-pkg/ab/cert device-pkg/ab/cert16 gram.k256d512
unset REPS
. scripts/device/bin-env.sh
gpu_tests 'certgram' 150
if [ $(elapsed) -lt 330 ]; then
  N=8192 K=256 D=1024 OUT=$OUT/ncu timeout 150 scripts/device/ncu-full.sh \
    -k '_k0$' $SESSION_RUNTIME device-pkg/ab/cert/gram.k256d1024.ptx \
    > $OUT/ncu.log 2>&1
  echo "ncu rc $? ($(elapsed) s)"
  (cd "$OUT" && tar czf ncu.tgz ncu && rm -rf ncu)
fi
if [ $h200 = 1 ] && [ $(elapsed) -lt ${LARGE_BEFORE:-250} ]; then
  bench_shapes large-naive device-pkg/bk-large \
    sample-heavy,centroid-heavy,feature-heavy --budget-seconds 150 \
    --tiles-large once --no-cupy --no-jax
  (cd "$OUT" && tar czf large-naive.tgz large-naive && rm -rf large-naive)
fi
echo "done ($(elapsed) s)"
