#!/usr/bin/env bash
# Session 20: the probe's kernels that run 1 call of docs/results/.../session20/run1.sh
# profiles (built here with build/bin/fusec into device-pkg2/prof).
set -eu
out=device-pkg2/prof
mkdir -p $out
f=build/bin/fusec
g="examples/gemm_argmin.mlir --expected-rows=4096"
$f $g --arch=sm_90a --precision=3xtf32 -o $out/a-3xtf32-auto.ptx
$f $g --arch=sm_90a --precision=tf32 --cluster=1 --tile-m=64 --tile-n=128 --split=1 --stages=4 -o $out/b-tf32-64x128.ptx
$f $g -o $out/c-ieee-auto.ptx
$f examples/naive_argmin.mlir --expected-rows=4096 -o $out/d-naive-auto.ptx
ls $out
