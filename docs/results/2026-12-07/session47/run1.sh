#!/usr/bin/env bash
# Session 47, device call 1: the certified replay's chains emitted feature
# by feature (XX, XC and CC of each feature together; before, the rows'
# chains over the whole step and then the candidate's CC).
# 1. bench/ab.py, main's kernels (device-pkg/ab/main) against the change
#    (device-pkg/ab/inter), both built by scripts/device/ab-kernels.sh:
#    the probe's Gram example with ties and on uniform data, the Gram
#    example at d = 1024 (8192 x 256 and 16384 x 1024, uniform).
# 2. The SASS of both probe Gram kernels (device-pkg/sass/*.cubin, ptxas
#    -arch=sm_90a here), for the replay loop's order.
# 3. gpu-tests.sh's certified cases with the change's static fuse-run
#    (device-pkg/bin-new; gpu-tests unpacks device-pkg/bin).
# Carries device-pkg/rt, device-pkg/ab, device-pkg/sass, device-pkg/bin-new.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
for v in main inter; do
  cuobjdump -sass device-pkg/sass/$v.cubin | gzip > "$OUT/sass-$v.txt.gz"
done
export REPS=40
ab inter-probe device-pkg/ab/main device-pkg/ab/inter gram.k256d512
NOTIES=1 ab inter-probe-uniform device-pkg/ab/main device-pkg/ab/inter gram.k256d512
export REPS=15 NOTIES=1
N=8192 K=256 D=1024 ab inter-d1024 device-pkg/ab/main device-pkg/ab/inter gram.k256d1024
N=16384 K=1024 D=1024 ab inter-k1024d1024 device-pkg/ab/main device-pkg/ab/inter gram.k1024d1024
unset REPS NOTIES
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 240
echo "done ($(elapsed) s)"
