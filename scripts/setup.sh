#!/usr/bin/env bash
#===- scripts/setup.sh - install what fusec needs ------------------------===#
#
# Installs the Debian packages fusec builds against (LLVM/MLIR 22, clang,
# lld, ccache, ninja, cmake, zstd) when any of them is missing. Safe to run
# repeatedly; it does nothing when everything is present.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

# libclang-rt-dev: clang's sanitizer and libFuzzer runtimes, which
# scripts/sanitizers.sh (CI) links; clang only recommends it, and the
# install below skips recommendations.
packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          clang libclang-rt-dev lld ccache ninja-build cmake libzstd-dev
          zlib1g-dev python3 binutils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

# lit ships as a script in LLVM's bin directory; make sure it is there.
test -x /usr/lib/llvm-22/bin/mlir-tblgen || {
  echo "setup: mlir-tblgen missing after install" >&2; exit 1; }
echo "setup: all dependencies present" >&2
