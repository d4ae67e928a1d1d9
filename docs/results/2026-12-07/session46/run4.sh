#!/usr/bin/env bash
# Session 46, device call 4: gpu-tests.sh's certified and --precision=auto
# cases with the static fuse-run of main's head, after the ledger costs the
# replay round per tile shape (run 1 tested the kernels before that
# change; the bench's kernels are byte for byte the same, but
# --precision=auto asks the ledger on the tests' random shapes).
# device-pkg/bin-new/fuse-run.xz: ninja -C build-static fuse-run at main's
# head, stripped, xz.
# Carries device-pkg/rt, device-pkg/bin-new.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
mkdir -p device-pkg/bin
cp device-pkg/bin-new/fuse-run.xz device-pkg/bin/fuse-run.xz
. scripts/device/bin-env.sh
gpu_tests 'certgram|tc-wg-certified|-auto-' 300
echo "done ($(elapsed) s)"
