#!/usr/bin/env bash
# Session 36: builds device-pkg4/ (git-ignored) for run3.sh, here, from
# build/bin/fusec: n = the naive example under --precision=3xtf32-certified
# (its own 64x128 tiles in one candidate part), r = the same example with
# --allow-reassociation --precision=3xtf32 on 64x128 tiles (the ledger's
# parts): the MMA walk at the certified kernel's tile without its bounds.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
fusec=build/bin/fusec
rm -rf device-pkg4
mkdir -p device-pkg4/{n,r,lib}
cp build/lib/libfusec_runtime.so device-pkg4/lib/
kernel() {
  local name=$1 k=$2 d=$3 rows=$4 src=/tmp/split-$1.mlir
  sed "s/256/$k/g; s/512/$d/g" examples/naive_argmin.mlir > "$src"
  $fusec "$src" --expected-rows="$rows" --precision=3xtf32-certified \
    --arch=sm_90a -o device-pkg4/n/$name.ptx
  $fusec "$src" --expected-rows="$rows" --allow-reassociation \
    --precision=3xtf32 --arch=sm_90a --tile-m=64 --tile-n=128 \
    -o device-pkg4/r/$name.ptx
}
kernel sh 8192 8192 131072
kernel fh 4096 16384 65536
du -sh device-pkg4
