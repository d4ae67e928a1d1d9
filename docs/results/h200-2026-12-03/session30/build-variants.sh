#!/bin/bash
# Session 30: builds the variants of run1.sh into device-pkg2/<label>/<name>.ptx
set -e
cd "$(dirname "$0")/../../../.."
mkdir -p /tmp/exp
F=build/bin/fusec
O=device-pkg2
rm -rf $O; mkdir -p $O
python3 -c "
import sys; sys.path.insert(0,'bench'); import importlib; bk=importlib.import_module('build-kernels')
open('/tmp/exp/f16.mlir','w').write(bk.half_source('f16')); open('/tmp/exp/bf16.mlir','w').write(bk.half_source('bf16'))"
cp examples/gemm_argmin.mlir /tmp/exp/f32.mlir
declare -A V=( [auto]="" [m64n128]="--tile-m=64 --tile-n=128" [m64n128s2]="--tile-m=64 --tile-n=128 --split=2" [m128n128s2]="--tile-m=128 --tile-n=128 --split=2" [m64n256]="--tile-m=64 --tile-n=256" )
for lab in "${!V[@]}"; do
  mkdir -p $O/$lab
  for d in 128 256 512 1024 2048; do
    for kind in tf32 f16 bf16; do
      if [ $kind = tf32 ]; then src=/tmp/exp/f32.mlir; fl="--precision=tf32"; else src=/tmp/exp/$kind.mlir; fl=""; fi
      if [ $d != 512 ] && [ $lab != auto ] && [ $lab != m64n128 ] && [ $lab != m128n128s2 ]; then continue; fi
      name=p-$kind-d$d
      sed "s/512/$d/g" $src | $F - --arch=sm_90a --expected-rows=4096 $fl ${V[$lab]} --remarks -o $O/$lab/$name.ptx 2>&1 | grep -o "predicted [0-9.]* us" | sed "s/^/$lab $name /" || echo "$lab $name FAILED"
    done
  done
done
# the probe's 3xTF32 kernel (the ledger's choice: 64x128 split producer in
# clusters of 2) over d
mkdir -p $O/x3
for d in 128 256 512 1024 2048; do
  sed "s/512/$d/g" /tmp/exp/f32.mlir | $F - --arch=sm_90a --expected-rows=4096 --precision=3xtf32 --remarks -o $O/x3/p-3xtf32-d$d.ptx 2>&1 | grep -o "predicted [0-9.]* us" | sed "s/^/x3 p-3xtf32-d$d /"
done
# sample-heavy's ieee Gram kernel and its variants (cb*: cuBLAS's SGEMM
# organization, 128x128 tiles of four 64x64 warps, 8x16 a thread)
for v in "auto:" "nocomp:--compensated-sums=false" "m128k16s2:--tile-m=128 --tile-n=128 --tile-k=16 --stages=2" "m128k16s2nc:--tile-m=128 --tile-n=128 --tile-k=16 --stages=2 --compensated-sums=false" \
    "cb3:--tile-m=128 --tile-n=128 --thread-m=8 --thread-n=16 --tile-k=8 --stages=3 --min-blocks=2" \
    "cb2:--tile-m=128 --tile-n=128 --thread-m=8 --thread-n=16 --tile-k=8 --stages=2 --min-blocks=2" \
    "cbr:--tile-m=128 --tile-n=128 --thread-m=8 --thread-n=16 --tile-k=8 --min-blocks=2"; do
  lab=${v%%:*}; fl=${v#*:}; mkdir -p $O/$lab
  sed "s/256/8192/g; s/512/8192/g" examples/gemm_argmin.mlir | $F - --expected-rows=131072 $fl --remarks -o $O/$lab/sh-gram.ptx 2>&1 | grep -o "predicted [0-9.]* us" | sed "s/^/$lab sh-gram /"
done
mkdir -p $O/lib && cp build/lib/libfusec_runtime.so $O/lib/
