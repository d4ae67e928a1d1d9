#!/usr/bin/env bash
# Session 34, device call 1 (prepared in session 34, which was lent no
# GPU): --precision=3xtf32-certified with every slice's MMAs from zero,
# added to running f32 sums (the bound's MMA term 9 bk u S instead of
# 9 d u S), the refinement's features in blocks of 4 chunks (no spills at
# d = 8192), and 64x128 tiles in one part on rows that fill the GPU.
# device-pkg3/ from build-ab.sh: a = the direct form's FMA kernel (no
# flags), b = an older fusec's certified kernel (when built: session 33's
# or 34's), n = build/bin/fusec's (version 39 since session 35), m = n's
# at other tiles, c = --allow-reassociation
# --precision=3xtf32. Then gpu-tests.sh's certified cases with this
# session's fuse-run (device-pkg from scripts/device/package.sh). Carries
# device-pkg/bin/fuse-run.xz, device-pkg/lib/libfusec_runtime.so and
# device-pkg3.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg3/lib/libfusec_runtime.so
old() { [ -d device-pkg3/b ]; }
N=4096 K=256 D=512 REPS=20 NOTIES=1 ab probe-an-noties device-pkg3/a device-pkg3/n probe
old && N=4096 K=256 D=512 REPS=20 NOTIES=1 NOREF=1 ab probe-bn-noties device-pkg3/b device-pkg3/n probe
N=4096 K=256 D=512 REPS=20 ab probe-an device-pkg3/a device-pkg3/n probe
N=8192 K=256 D=2048 REPS=10 ab k256d2048-an device-pkg3/a device-pkg3/n k256d2048
old && N=8192 K=256 D=2048 REPS=10 NOREF=1 ab k256d2048-bn device-pkg3/b device-pkg3/n k256d2048
N=40000 K=1000 D=200 REPS=5 NOREF=1 ab k1000d200big-an device-pkg3/a device-pkg3/n k1000d200big
N=40000 K=1000 D=200 REPS=5 NOREF=1 ab k1000d200big-nm device-pkg3/n device-pkg3/m k1000d200big
N=131072 K=8192 D=8192 REPS=2 NOREF=1 NOTIES=1 ab sh-an-noties device-pkg3/a device-pkg3/n sh
N=131072 K=8192 D=8192 REPS=2 NOREF=1 NOTIES=1 ab sh-cn-noties device-pkg3/c device-pkg3/n sh
N=131072 K=8192 D=8192 REPS=2 NOREF=1 NOTIES=1 ab sh-nm-noties device-pkg3/n device-pkg3/m sh
echo "ab done ($(elapsed) s)"
. scripts/device/bin-env.sh
SESSION_RUNTIME=device-pkg/lib/libfusec_runtime.so
gpu_tests 'certified' 330
echo "done ($(elapsed) s)"
