#!/usr/bin/env bash
# Session 31, device call 2: the split sweep. a/NAME is the ledger's
# unsplit choice, b/NAME the split named (gram_ch_256sN: 256x128 tiles,
# 16x8 a thread, one block). bench/ab.py, NOREF, 3 ABBA pairs.
# Carries device-pkg2/{lib,sweep}.
set -u
cd "$(dirname "$0")/../../../.."
. scripts/device/session.sh device-pkg2/lib/libfusec_runtime.so
W=device-pkg2/sweep
export NOREF=1 REPS=3
N=131072 K=8192 D=8192 ab sh $W/a $W/b gram_sh_s4 gram_sh_s16 naive_sh_s4 naive_sh_s8 naive_sh_s16 naive_sh_s32
N=65536 K=16384 D=8192 ab ch $W/a $W/b gram_ch_s4 gram_ch_s8 gram_ch_s16 gram_ch_s32 gram_ch_256s16 gram_ch_256s32 gram_ch_256s64
N=65536 K=16384 D=8192 ab chn $W/a $W/b naive_ch_s4 naive_ch_s8 naive_ch_s32
N=65536 K=4096 D=16384 ab fh $W/a $W/b gram_fh_s2 gram_fh_s4 gram_fh_s8 naive_fh_s4 naive_fh_s8 naive_fh_s16
