#!/usr/bin/env bash
#===- scripts/main.sh - the main job --------------------------------------===#
#
# Installs what is missing, builds fusec, and compiles the bundled
# nearest-centroid example.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
build=${FUSEC_BUILD_DIR:-$root/build}
"$build/bin/fuse-opt" "$root/examples/naive_argmin.mlir"
