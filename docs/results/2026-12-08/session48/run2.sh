#!/usr/bin/env bash
# Session 48, device call 2: run1.sh cut to the device time left after the
# failed starts (about 250 s): three of gpu-tests.sh's native certified
# Gram cases (d = 2052 random and with ties, d = 8192), then bench/bench.py
# on sample-heavy's Gram rows (the FMA kernel, 3xTF32 and 3xtf32-certified
# on wgmma, cuBLAS alone, torch Gram).
# Carries device-pkg/rt, device-pkg/bin-new, device-pkg/bk48 (run1.sh's).
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg/rt/libfusec_runtime.so
echo "$SESSION_GPU"
use_new_fuse_run
gpu_tests 'certgram-native-d2052$|certgram-native-d2052-ties|certgram-native-d8192' 80
bench_shapes large-gram device-pkg/bk48 sample-heavy \
  --budget-seconds 50 --tiles-large skip --no-cupy --no-jax
(cd "$OUT" && tar czf large-gram.tgz large-gram && rm -rf large-gram)
echo "done ($(elapsed) s)"
