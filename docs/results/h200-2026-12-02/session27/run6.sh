#!/usr/bin/env bash
# Session 27, device call 6: bench/tensor_core_check.py on the packaged
# version 33 (run 5's result did not come back), and the split producer's
# registers: with one consumer warpgroup (64-row tiles) the two producer
# warpgroups may hold 128 registers beside the consumers' 248 (version 33
# gives them 80). FUSEC_EXP builds, not in the tree:
#  preg104 / preg128: setmaxnreg.dec to 104 / 128;
#  unroll_preg104 / unroll_preg128: that and the producers' slice loop
#    unrolled by two (run 4: at 80 registers it spilled 48 bytes, 1.088).
# Carries device-pkg/{lib/libfusec_runtime.so,tc-kernels} and device-pkg2/.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
R=device-pkg/lib/libfusec_runtime.so
K=gemm_argmin.probe.3xtf32-wgmma
E=device-pkg2/exp
mkdir -p $OUT/r
timeout 150 python3 bench/tensor_core_check.py --runtime $R \
  --kernels device-pkg/tc-kernels > $OUT/r/tc-check.jsonl 2> $OUT/r/tc-check.err
echo "tc-check rc $?"; tail -1 $OUT/r/tc-check.err
{
for v in preg104 preg128 unroll_preg104 unroll_preg128; do
  echo "== v33 (old) against $v (new)"
  REPS=40 python3 bench/ab.py $R $E/v33 $E/$v $K 2>&1
done
} | tee $OUT/r/ab.txt
tar -C $OUT -czf $OUT/run6.tgz r && rm -rf $OUT/r
