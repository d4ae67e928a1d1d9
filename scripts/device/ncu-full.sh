#!/usr/bin/env bash
#===- scripts/device/ncu-full.sh - Nsight Compute's full set on fusec kernels ===#
#
# Profiles one launch of each given program's entries matching REGEX (all
# of them by default) with Nsight Compute's full set, after SKIP warm
# launches, and writes under $OUT, for each program NAME.ptx:
#   NAME.details.txt.gz   every section of the details page
#   NAME.source.csv.gz    the SASS source view: per instruction, its
#                         executions and stall samples by reason
# Read the source view with scripts/ncu-stalls.py here (ncu is not
# installed on the development machine). Run on the GPU machine, from the
# repository root (docs/performance-notes.md, version 26, used it first):
#
#   OUT=$OUT scripts/device/ncu-full.sh [-k REGEX] [-s SKIP] RUNTIME.so A.ptx...
#
# N, K and D set the problem (default the probe: 4096, 256, 512).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
OUT=${OUT:-/tmp/fusec-out}
regex='.'
skip=1
while getopts 'k:s:' opt; do
  case $opt in
    k) regex=$OPTARG ;;
    s) skip=$OPTARG ;;
    *) echo "usage: ncu-full.sh [-k REGEX] [-s SKIP] RUNTIME.so A.ptx..." >&2; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: ncu-full.sh [-k REGEX] [-s SKIP] RUNTIME.so A.ptx..." >&2; exit 1; }
runtime=$1; shift
export PATH=$PATH:/usr/local/cuda/bin
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$ncu" ] || { echo "ncu-full.sh: Nsight Compute (ncu) not found" >&2; exit 1; }
root=$(cd "$(dirname "$0")/../.." && pwd)
once=$root/docs/results/h200-2026-12-01/session19/kernels-once.py
mkdir -p "$OUT"
for ptx in "$@"; do
  name=$(basename "$ptx" .ptx)
  report=/tmp/ncu-full-$name
  REPEAT=$((skip + 1)) timeout 300 "$ncu" --set full --import-source no \
    -k "regex:$regex" --launch-skip "$skip" -c 1 -f -o "$report" \
    python3 "$once" "$runtime" "$ptx" > "$report.log" 2>&1 ||
    { echo "ncu-full.sh: $name failed:"; tail -5 "$report.log"; continue; }
  "$ncu" -i "$report.ncu-rep" --page details --print-details all |
    gzip > "$OUT/$name.details.txt.gz"
  "$ncu" -i "$report.ncu-rep" --page source --csv --print-source sass |
    gzip > "$OUT/$name.source.csv.gz"
  echo "$name: $(zcat "$OUT/$name.details.txt.gz" | grep -m1 -E '^\s+Duration')"
done
