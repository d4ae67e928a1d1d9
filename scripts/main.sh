#!/usr/bin/env bash
#===- scripts/main.sh - the main job --------------------------------------===#
#
# Installs what is missing, builds fusec, compiles the bundled
# nearest-centroid example to PTX (build/naive_argmin.ptx and its launch
# description build/naive_argmin.ptx.json) and prints its byte ledger at the
# probe shape (n = 4096 samples).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
build=${FUSEC_BUILD_DIR:-$root/build}
example="$root/examples/naive_argmin.mlir"
"$build/bin/fusec" "$example" -o "$build/naive_argmin.ptx" --expected-rows=4096
echo "fusec: wrote $build/naive_argmin.ptx ($(grep -c '^.visible .entry' "$build/naive_argmin.ptx") entries) and $build/naive_argmin.ptx.json"
"$build/bin/fusec" "$example" --ledger --sizes=n=4096 --expected-rows=4096
