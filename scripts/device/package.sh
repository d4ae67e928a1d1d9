#!/usr/bin/env bash
#===- scripts/device/package.sh - prepare the GPU machine's payload -------===#
#
# The GPU machine has no LLVM/MLIR. This builds the tools statically here
# (build-static/, FUSEC_STATIC=ON), compiles the benchmark's kernels, and
# packs everything the device scripts need into device-pkg/ (git-ignored),
# which the device tool carries:
#   device-pkg/bin/*.xz          fuse-run, fusec, fusec-host-example
#   device-pkg/lib/libfusec_runtime.so   (no LLVM inside)
#   device-pkg/lib/libfusec_jit.so.xz    (static MLIR/LLVM inside, C APIs)
#   device-pkg/bench-kernels/    PTX + manifest.json
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
./scripts/build.sh
if [ ! -f build-static/build.ninja ]; then
  cmake -G Ninja -S . -B build-static -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DLLVM_USE_LINKER=lld -DCMAKE_C_COMPILER_LAUNCHER=ccache \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit -DFUSEC_STATIC=ON >&2
fi
ninja -C build-static -j2 fuse-run fusec fusec-host-example fusec_jit >&2
rm -rf device-pkg
mkdir -p device-pkg/bin device-pkg/lib
for tool in fuse-run fusec fusec-host-example; do
  strip -o device-pkg/bin/$tool build-static/bin/$tool
  xz -T2 -6 -f device-pkg/bin/$tool
done
cp build/lib/libfusec_runtime.so device-pkg/lib/
# The self-contained JIT library (C APIs only) for the Python module.
strip -o device-pkg/lib/libfusec_jit.so build-static/lib/libfusec_jit.so
xz -T2 -6 -f device-pkg/lib/libfusec_jit.so
python3 bench/build-kernels.py --fusec build/bin/fusec --out device-pkg/bench-kernels
python3 bench/predictions.py --fusec build/bin/fusec \
  --out device-pkg/bench-kernels/predictions.json
# The tensor-core check's kernels (bench/tensor_core_check.py).
python3 bench/build-kernels.py --fusec build/bin/fusec --tensor-cores \
  --out device-pkg/tc-kernels
du -sh device-pkg >&2
