#!/usr/bin/env bash
#===- scripts/device/ab-kernels.sh - kernels for bench/ab.py -------------===#
#
# Usage: scripts/device/ab-kernels.sh FUSEC OUT_DIR [fusec flags...]
#
# Compiles the examples that bench/ab.py compares, at the shapes the
# session scripts name, into OUT_DIR/NAME.ptx (+ .ptx.json), for sm_90a
# and the given extra flags (e.g. --precision=3xtf32-certified):
#   gram.k256d512    examples/gemm_argmin.mlir (the probe, 4096 rows)
#   naive.k256d512   examples/naive_argmin.mlir (the probe)
#   gram.k256d1024   the Gram example with 1024 features (8192 rows)
#   gram.k1024d1024  1024 candidates, 1024 features (16384 rows)
# The session scripts' device-pkg/ab/<label> directories are built with
# it, so that a fresh checkout can rebuild what a script carries: the
# kernels live in git-ignored directories and are lost with the machine.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
fusec=${1:?usage: ab-kernels.sh FUSEC OUT_DIR [fusec flags...]}
out=${2:?usage: ab-kernels.sh FUSEC OUT_DIR [fusec flags...]}
shift 2
command -v "$fusec" > /dev/null || {
  echo "ab-kernels: $fusec: no such fusec" >&2
  exit 2
}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NAME SOURCE CANDIDATES FEATURES ROWS
build() {
  local name=$1 source=$2 k=$3 d=$4 rows=$5
  shift 5
  # The examples are written for 256 candidates and 512 features, and
  # name no other 256 or 512 (digits apart: "256x512" is two sizes).
  sed -E -e "s/(^|[^0-9])256([^0-9])/\1${k}\2/g" \
    -e "s/(^|[^0-9])512([^0-9])/\1${d}\2/g" \
    "$root/examples/$source" > "$tmp/$name.mlir"
  "$fusec" "$tmp/$name.mlir" --arch=sm_90a --expected-rows="$rows" "$@" \
    -o "$out/$name.ptx"
}
build gram.k256d512 gemm_argmin.mlir 256 512 4096 "$@"
build naive.k256d512 naive_argmin.mlir 256 512 4096 "$@"
build gram.k256d1024 gemm_argmin.mlir 256 1024 8192 "$@"
build gram.k1024d1024 gemm_argmin.mlir 1024 1024 16384 "$@"
ls "$out" >&2
