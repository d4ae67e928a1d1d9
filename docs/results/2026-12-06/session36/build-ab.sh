#!/usr/bin/env bash
# Session 36: builds device-pkg3/ (git-ignored) for run1.sh, here, from
# build/bin/fusec: a = the naive example with no flags (the direct form
# on the FMA units), n = --precision=3xtf32-certified --arch=sm_90a, each
# with k and d substituted into examples/naive_argmin.mlir.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
fusec=build/bin/fusec
rm -rf device-pkg3
mkdir -p device-pkg3/{a,n,lib}
cp build/lib/libfusec_runtime.so device-pkg3/lib/
kernel() {
  local name=$1 k=$2 d=$3 rows=$4 src=/tmp/ab-$1.mlir
  sed "s/256/$k/g; s/512/$d/g" examples/naive_argmin.mlir > "$src"
  $fusec "$src" --expected-rows="$rows" -o device-pkg3/a/$name.ptx
  $fusec "$src" --expected-rows="$rows" --precision=3xtf32-certified \
    --arch=sm_90a -o device-pkg3/n/$name.ptx
}
kernel probe 256 512 4096
kernel k256d2048 256 2048 8192
kernel sh 8192 8192 131072
kernel fh 4096 16384 65536
du -sh device-pkg3
