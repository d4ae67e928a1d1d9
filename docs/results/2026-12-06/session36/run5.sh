#!/usr/bin/env bash
# Session 36, device call 5: version 40, the certified kernel's rows over
# all candidates listed for a deferred pass over the whole GPU. bench/ab.py
# of the direct form's FMA kernel (a, device-pkg3's) against version 40's
# certified kernel (n) on feature-heavy and sample-heavy (labels equal?);
# gpu-tests.sh's certified cases with version 40's fuse-run; then the bench
# of the large shapes' naive rows (run2.sh of session 34 with version 40's
# certified kernels). Before the call, here: the static fuse-run rebuilt
# into device-pkg/bin, device-pkg6/n compiled as build-ab.sh does
# (device-pkg6/a copied from device-pkg3/a), and the three certified
# kernels of device-pkg2/certified-large recompiled.
# Carries device-pkg/bin/fuse-run.xz, device-pkg/lib/libfusec_runtime.so,
# device-pkg6 and device-pkg2/certified-large.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg6/lib/libfusec_runtime.so
N=65536 K=4096 D=16384 REPS=3 NOREF=1 NOTIES=1 ab fh-an device-pkg6/a device-pkg6/n fh
N=131072 K=8192 D=8192 REPS=2 NOREF=1 NOTIES=1 ab sh-an device-pkg6/a device-pkg6/n sh
. scripts/device/bin-env.sh
SESSION_RUNTIME=device-pkg/lib/libfusec_runtime.so
gpu_tests 'certified|recheck|tc-wg-3xtf32-parts|tc-wg-parts-1$|tc-wg-fewrows-f16$|tc-wg-persist$' 200
bench_shapes certified-large device-pkg2/certified-large \
  sample-heavy,centroid-heavy,feature-heavy --budget-seconds 300 \
  --tiles-large once --no-cupy --no-jax
grep -E 'running tiles|fusec|cuBLAS' $OUT/certified-large/performance.md |
  grep -v graph | grep ms | head -24 | cut -c1-200
echo "done ($(elapsed) s)"
