#!/usr/bin/env bash
# Session 47, device call 1: two changes to the certified Gram kernel's
# replay of a few-candidate row's pairs.
#   inter: each feature's XX, XC and CC adds emitted together (before, the
#          rows' chains over the whole step, then the candidate's CC).
#   split: inter, and each pair's three chains in three threads (warps of
#          one chain kind), joined after a barrier.
# 1. bench/ab.py, main against inter and inter against split (kernels of
#    scripts/device/ab-kernels.sh in device-pkg/ab/{main,inter,split}):
#    the probe's Gram example with ties and on uniform data, the Gram
#    example at d = 1024 (8192 x 256 and 16384 x 1024, uniform).
# 2. The SASS of the three probe Gram kernels (device-pkg/sass/*.cubin,
#    ptxas -arch=sm_90a here).
# 3. gpu-tests.sh's certified cases with split's static fuse-run
#    (device-pkg/bin-new; gpu-tests unpacks device-pkg/bin).
# Carries device-pkg/rt, device-pkg/ab, device-pkg/sass, device-pkg/bin-new,
# device-pkg/bkp.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
for v in main inter split; do
  cuobjdump -sass device-pkg/sass/$v.cubin | gzip > "$OUT/sass-$v.txt.gz"
done
pairs() {
  local a=$1 b=$2 tag=$3
  REPS=30 ab $tag-probe device-pkg/ab/$a device-pkg/ab/$b gram.k256d512
  REPS=30 NOTIES=1 ab $tag-probe-uniform device-pkg/ab/$a device-pkg/ab/$b gram.k256d512
  REPS=10 NOTIES=1 N=8192 K=256 D=1024 ab $tag-d1024 device-pkg/ab/$a device-pkg/ab/$b gram.k256d1024
  REPS=6 NOTIES=1 N=16384 K=1024 D=1024 ab $tag-k1024d1024 device-pkg/ab/$a device-pkg/ab/$b gram.k1024d1024
}
pairs main inter inter
pairs inter split split
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified' 210
if [ ! -s "$OUT/gpu-tests.txt" ] || grep -qv 'exit 0' "$OUT/gpu-tests.txt"; then
  echo "a certified case failed: no bench ($(elapsed) s)"
  exit 0
fi
# 4. Time allowing, the bench's probe with every peer and split's kernels
#    (device-pkg/bkp: bench/build-kernels.py's output cut to '\.probe\.').
if [ $(elapsed) -lt ${BENCH_BEFORE:-300} ]; then
  bench_shapes probe device-pkg/bkp probe --budget-seconds 70
  (cd "$OUT" && tar czf probe.tgz probe && rm -rf probe)
fi
echo "done ($(elapsed) s)"
