#!/usr/bin/env bash
# Session 29, device call 5: gpu-tests.sh on the tree after the ledger's
# refits (commit e1e6f1c; scripts/device/package.sh again, whose 76 bench
# and 56 tensor-core check kernels are byte-identical to the earlier
# package's): every example on random shapes and every named case except
# the large ones and the JIT host example (the device time left), each
# case limited to 60 s.
# Carries device-pkg/{bin/fuse-run.xz,lib/libfusec_runtime.so}.
set -u
cd "$(dirname "$0")/../../../.."
export PATH=$PATH:/usr/local/cuda/bin
. scripts/device/bin-env.sh
mkdir -p $OUT/t
only='^(naive_argmin|distance_only|gemm_argmin|one_centroid_distance|running_step|chain_f16|tc-f16|tc-f16-ties|tc-bf16|tc-3xtf32|tc-3xtf32-ties|tc-tf32|tc-f16-stages4|tc-3xtf32-stages3|tc-racecheck-stages4|tc-wg-f16|tc-wg-f16-ties|tc-wg-bf16|tc-wg-tf32|tc-wg-3xtf32|tc-wg-3xtf32-tiles|tc-wg-3xtf32-persist|tc-wg-3xtf32-parts|tc-wg-tail-f16|tc-wg-tail-f16-ties|tc-wg-tail-3xtf32|tc-wg-3xtf32-regs|tc-wg-3xtf32-nopersist|tc-wg-3xtf32-m192|tc-wg-3xtf32-m192-persist|tc-wg-3xtf32-m192-parts|tc-wg-3xtf32-m192-racecheck|tc-wg-3xtf32-memcheck|tc-wg-3xtf32-racecheck|tc-recheck|tc-wg-recheck|tc-wg-recheck-ties|tc-wg-recheck-parts|tc-wg-recheck-m192|tc-wg-recheck-tail|tc-wg-recheck-naive|tc-wg-recheck-memcheck|tc-wg-3xtf32-fewrows|tc-wg-3xtf32-fewrows-ties|tc-wg-recheck-fewrows|tc-wg-3xtf32-fewrows-memcheck|tc-wg-3xtf32-fewrows-racecheck|tc-wg-clusters|tc-wg-clusters-rounds|tc-wg-clusters-ties|tc-wg-clusters4|tc-wg-clusters4-rounds|tc-wg-clusters-tf32|tc-wg-clusters-tf32-rounds|tc-wg-clusters-memcheck|tc-wg-clusters-racecheck|tc-wg-clusters-tf32-racecheck|tc-wg-recheck-staged|tc-wg-recheck-staged-ties|tc-wg-recheck-staged-memcheck|tc-wg-recheck-staged-racecheck|tc-wg-f16-stages4|tc-wg-f16-n256|tc-wg-cpasync|tc-wg-tma2|tc-wg-tma4|tc-wg-tma-300|tc-wg-tma-bf16-n256|tc-wg-tiles|tc-wg-tiles-s3|tc-wg-tiles-c2|tc-wg-tiles-cpasync|tc-wg-m256|tc-wg-m256-c2|tc-wg-m192|tc-wg-m192-tf32|tc-wg-persist|tc-wg-persist-ties|tc-wg-persist-wide|tc-wg-persist-64|tc-wg-persist-tf32|tc-wg-parts-11|tc-wg-parts-1|tc-wg-dist|tc-wg-dist-persist|tc-wg-nopersist|tc-wg-persist-memcheck|tc-wg-persist-racecheck|tc-wg-memcheck|tc-wg-racecheck|recompute-center2|recompute-softmax|reassociation|reassociation-ties|reassociation-probe|naive-ties|gemm-ties|naive-nan|probe-naive|probe-gemm|probe-naive-unsplit|fma-t8-naive|fma-t8-gemm|fma-t8-gemm-ties|fma-t8-gemm-2blocks|fma-t8-gemm-k16|fma-t8x4-naive|fma-t8-split|fma-t8-nan|fma-t8x16-gemm|fma-t8x16-ties|fma-t8x16-naive|fma-t16x8-gemm|given-norms|plain-sums|fma-async2-naive|fma-async3-naive|fma-async2-gemm|fma-async3-gemm|fma-async-ties|fma-async-nan|fma-async-split|fma-async-k4|fma-async-64|fma-async-k12|fma-async-32|fma-async-16)$'
OUT=$OUT/t TESTS_ONLY="$only" GPU_TEST_TIMEOUT=60 timeout 330 scripts/device/gpu-tests.sh > /dev/null 2>&1
echo "gpu-tests rc $?"; grep -E 'FAILED' $OUT/t/gpu-tests.log | tail -20
grep -E '^=== [^:]*: exit' $OUT/t/gpu-tests.log > $OUT/gpu-tests.txt
echo "passed: $(grep -c 'exit 0' $OUT/gpu-tests.txt) of $(wc -l < $OUT/gpu-tests.txt)"
gzip -c $OUT/t/gpu-tests.log > $OUT/gpu-tests.log.gz; rm -rf $OUT/t
