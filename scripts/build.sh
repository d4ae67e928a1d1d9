#!/usr/bin/env bash
#===- scripts/build.sh - install dependencies, configure and build --------===#
#
# Usage: scripts/build.sh [extra cmake -D flags...]
# Environment: FUSEC_BUILD_DIR (default: build), FUSEC_BUILD_TYPE (Release).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"

build=${FUSEC_BUILD_DIR:-$root/build}
jobs=${FUSEC_JOBS:-2}
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE="${FUSEC_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "$@" >&2
fi
ninja -C "$build" -j "$jobs" >&2
