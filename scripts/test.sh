#!/usr/bin/env bash
#===- scripts/test.sh - build and run the whole test suite ----------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
build=${FUSEC_BUILD_DIR:-$root/build}
ninja -C "$build" check-fusec
