#!/usr/bin/env bash
# Session 31, device call 1: the FMA kernels' candidate split on rows that
# fill the GPU. Each pair: a/NAME (the ledger's unsplit choice, or the
# unsplit 256x128 for gram_ch_256) against b/NAME (the same tiles split;
# remarks in the session's notes). bench/ab.py, NOREF, 3 ABBA pairs.
# Carries device-pkg2/{lib,waves}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
W=device-pkg2/waves
export NOREF=1 REPS=3
N=131072 K=8192 D=8192 ab sh $W/a $W/b gram_sh_s32 gram_sh_s8 gram_sh_s2 naive_sh_s64
N=65536 K=16384 D=8192 ab ch $W/a $W/b gram_ch_256 gram_ch_s64 naive_ch_s128 naive_ch_s16
N=65536 K=4096 D=16384 ab fh $W/a $W/b gram_fh_s16 naive_fh_s32
