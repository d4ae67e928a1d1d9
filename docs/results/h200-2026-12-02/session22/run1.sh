#!/usr/bin/env bash
# Session 22, device call 1: the upper bound of moving the candidate-norm
# duty off the consumers. device-pkg2/noduty was built with
# FUSEC_EXP_NO_COL_DUTY=1 (an experiment switch, not in the tree after this
# session): the consumers skip the candidates' duty and publish zeros, so
# the labels are wrong and only the times count. Carries
# build/lib/libfusec_runtime.so, device-pkg2/{ref,noduty}.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-02/session22
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv | tee $OUT/smi.txt
REPS=60 python3 $S/ab.py build/lib/libfusec_runtime.so device-pkg2/ref device-pkg2/noduty \
  gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.tf32-wgmma gemm_argmin.probe.auto \
  gemm_argmin.probe.3xtf32-recheck-wgmma gemm_argmin_f16.probe-f16.wgmma 2>&1 | tee $OUT/ab.txt
