#!/usr/bin/env bash
# Session 22, device call 2: what bounds the probe's 3xTF32 kernel.
# Experiment switches (not in the tree after this session):
# noduty = FUSEC_EXP_NO_COL_DUTY (consumers skip the candidates' duty),
# noload = FUSEC_EXP_NO_B_LOAD (the split producer stores zeros instead of
# loading the candidate slices), both = the two. Labels are wrong in the
# variants; only the times count. Carries build/lib/libfusec_runtime.so,
# device-pkg2/{ref,noduty,noload,both}.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-02/session22
for v in noduty noload both; do
  echo "== ref vs $v"
  REPS=60 python3 $S/ab.py build/lib/libfusec_runtime.so device-pkg2/ref device-pkg2/$v \
    gemm_argmin.probe.3xtf32-wgmma gemm_argmin.probe.3xtf32-recheck-wgmma 2>&1 | grep -v 'first differing'
done | tee $OUT/ab.txt
