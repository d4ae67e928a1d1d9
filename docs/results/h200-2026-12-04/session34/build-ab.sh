#!/usr/bin/env bash
# Session 34: builds device-pkg3/ (git-ignored) for run1.sh, here (not on
# the GPU machine), from the repository root:
#   bash docs/results/h200-2026-12-04/session34/build-ab.sh [OLD_FUSEC]
# a, c, n, m from build/bin/fusec; b (an older fusec's certified kernels)
# only when OLD_FUSEC is given: a fusec built from commit 25028e0
# (session 33, version 37) or a88b824 (session 34, version 38; since
# session 35 build/bin/fusec is version 39).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
new=build/bin/fusec old=${1:-}
rm -rf device-pkg3
mkdir -p device-pkg3/{a,c,n,m,lib}
[ -n "$old" ] && mkdir -p device-pkg3/b
cp build/lib/libfusec_runtime.so device-pkg3/lib/
cert="--precision=3xtf32-certified --arch=sm_90a"
# name k d rows [n's extra flags] [m's extra flags] [b's extra flags]
kernel() {
  local name=$1 k=$2 d=$3 rows=$4 nflags=${5:-} mflags=${6:-} bflags=${7:-}
  local src=/tmp/ab-$name.mlir
  sed "s/256/$k/g; s/512/$d/g" examples/naive_argmin.mlir > "$src"
  $new "$src" --expected-rows="$rows" -o device-pkg3/a/$name.ptx
  $new "$src" --expected-rows="$rows" --allow-reassociation \
    --precision=3xtf32 --arch=sm_90a -o device-pkg3/c/$name.ptx
  # shellcheck disable=SC2086
  $new "$src" --expected-rows="$rows" $cert $nflags -o device-pkg3/n/$name.ptx
  if [ -n "$mflags" ]; then
    # shellcheck disable=SC2086
    $new "$src" --expected-rows="$rows" $cert $mflags -o device-pkg3/m/$name.ptx
  fi
  if [ -n "$old" ]; then
    # shellcheck disable=SC2086
    $old "$src" --expected-rows="$rows" $cert $bflags -o device-pkg3/b/$name.ptx
  fi
}
kernel probe 256 512 4096
kernel k256d2048 256 2048 8192
kernel k1000d200big 1000 200 40000 "" "--tile-m=128 --tile-n=128"
kernel sh 8192 8192 131072 "" "--tile-m=128 --tile-n=64" "--split=1"
du -sh device-pkg3
