#!/usr/bin/env bash
#===- scripts/sanitizers.sh - the suite under ASan+UBSan, the JIT under TSan -===#
#
# Usage: scripts/sanitizers.sh [asan|tsan|fuzz|ci]...   (default: ci)
#
#   asan  configures build-san (-DFUSEC_ENABLE_FUZZER=ON: ASan+UBSan on
#         fusec's code, UBSan reports fatal, plus libFuzzer's coverage) and
#         runs the whole lit suite with LeakSanitizer on; only the targets
#         the suite needs are built.
#   fuzz  builds fusec-fuzz in the same build-san and runs `ninja fuzz` for
#         FUSEC_FUZZ_SECONDS (60): the smoke run. Sharing the tree with
#         asan halves the instrumented compile that CI pays.
#   tsan  configures build-tsan (-DFUSEC_ENABLE_TSAN=ON), builds
#         fusec-jit-stress and runs it: 8 threads through the JIT.
#   ci    asan, fuzz and tsan: what .ci/run runs after the test suite.
#
# Environment: FUSEC_SAN_BUILD_DIR (build-san), FUSEC_TSAN_BUILD_DIR
# (build-tsan), FUSEC_JOBS (2). Debian's
# libMLIR.so/libLLVM.so are not instrumented: the sanitizers check fusec's
# code (docs/testing.md, "Sanitizers" and "Fuzzing").
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
jobs=${FUSEC_JOBS:-2}

configure() {
  local build=$1
  shift
  if [ ! -f "$build/build.ninja" ]; then
    cmake -G Ninja -S "$root" -B "$build" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DLLVM_USE_LINKER=lld \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
      -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "$@" >&2
  fi
}

symbolizer=$(command -v llvm-symbolizer || echo /usr/lib/llvm-22/bin/llvm-symbolizer)

san_build=${FUSEC_SAN_BUILD_DIR:-$root/build-san}

run_asan() {
  configure "$san_build" -DFUSEC_ENABLE_FUZZER=ON
  # check-fusec builds only what the suite runs (no host example), then
  # runs lit with LeakSanitizer on; scripts/lsan.supp names upstream frames
  # only. Any sanitizer report fails its test.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions=$root/scripts/lsan.supp:print_suppressions=0 \
  ASAN_SYMBOLIZER_PATH=$symbolizer \
    ninja -C "$san_build" -j "$jobs" check-fusec
  echo "asan: the lit suite passed under ASan+UBSan+LSan ($san_build)"
}

run_tsan() {
  local build=${FUSEC_TSAN_BUILD_DIR:-$root/build-tsan}
  configure "$build" -DFUSEC_ENABLE_TSAN=ON
  ninja -C "$build" -j "$jobs" fusec-jit-stress >&2
  local cache
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' RETURN
  # halt_on_error: the first race fails the run (exit code 66).
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 external_symbolizer_path=$symbolizer" \
    "$build/bin/fusec-jit-stress" --threads=8 --rounds=3 --cache-dir="$cache"
  echo "tsan: fusec-jit-stress passed with 0 ThreadSanitizer warnings"
}

run_fuzz() {
  configure "$san_build" -DFUSEC_ENABLE_FUZZER=ON
  ninja -C "$san_build" -j "$jobs" fusec-fuzz >&2
  # Fails on the first crash, leak or timeout (written to fuzz-artifacts/).
  ASAN_SYMBOLIZER_PATH=$symbolizer \
    FUSEC_FUZZ_SECONDS=${FUSEC_FUZZ_SECONDS:-60} ninja -C "$san_build" fuzz
  echo "fuzz: ${FUSEC_FUZZ_SECONDS:-60} s of fusec-fuzz without a crash, leak or timeout"
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(ci)
for step in "${steps[@]}"; do
  case $step in
    asan) run_asan ;;
    tsan) run_tsan ;;
    fuzz) run_fuzz ;;
    ci) run_asan; run_fuzz; run_tsan ;;
    *) echo "usage: $0 [asan|tsan|fuzz|ci]..." >&2; exit 2 ;;
  esac
done
