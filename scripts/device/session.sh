#!/usr/bin/env bash
#===- scripts/device/session.sh - helpers for a session's device calls ----===#
#
# Sourced by a session's run scripts (docs/results/<date>/sessionN/run*.sh)
# from the repository root on the GPU machine:
#   . scripts/device/session.sh RUNTIME.so
# Puts nvcc and compute-sanitizer on PATH, starts the call's clock, and
# defines
#   ab LOG DIR_A DIR_B NAME...   bench/ab.py into $OUT/LOG.log (2 minutes
#                                at most), its medians on stdout
#   elapsed                      seconds since the helper was sourced
#
#===----------------------------------------------------------------------===#
export PATH=$PATH:/usr/local/cuda/bin FUSEC_CACHE_DIR=/tmp/fusec-cache
SESSION_RUNTIME=${1:?usage: . scripts/device/session.sh RUNTIME.so}
SESSION_T0=$(date +%s)
elapsed() { echo $(( $(date +%s) - SESSION_T0 )); }
ab() {
  local log=$1; shift
  timeout 120 python3 bench/ab.py "$SESSION_RUNTIME" "$@" > "$OUT/$log.log" 2>&1
  echo "== $log rc $? ($(elapsed) s) N=${N:-} K=${K:-} D=${D:-}"
  grep -v -e "^  first" -e "by place" "$OUT/$log.log" | head -40
}
