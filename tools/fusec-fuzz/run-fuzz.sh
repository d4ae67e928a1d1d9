#!/usr/bin/env bash
#===- run-fuzz.sh - run fusec-fuzz on the seed corpus (ninja fuzz) -------===#
#
# Usage: run-fuzz.sh <fusec-fuzz> <build dir> [default seconds]
# FUSEC_FUZZ_SECONDS in the environment sets the length. New inputs go to
# <build dir>/fuzz-corpus (the committed seeds are read only); a crash is
# written to <build dir>/fuzz-artifacts/ and fails the run. Extra libFuzzer
# flags can be passed in FUSEC_FUZZ_FLAGS.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
fuzzer=$1
build=$2
seconds=${FUSEC_FUZZ_SECONDS:-${3:-60}}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/fuzz-corpus" "$build/fuzz-artifacts"
# LeakSanitizer checks every input; suppressions only name upstream frames.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/../../scripts/lsan.supp}
# shellcheck disable=SC2086
exec "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 \
  -print_final_stats=1 -dict="$here/fusec.dict" \
  -artifact_prefix="$build/fuzz-artifacts/" ${FUSEC_FUZZ_FLAGS:-} \
  "$build/fuzz-corpus" "$here/corpus"
