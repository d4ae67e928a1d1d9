#!/usr/bin/env bash
#===- scripts/device/sass-compare.sh - SASS of fusec kernels, side by side -===#
#
# Assembles PTX files for sm_90 (sm_90a when the PTX targets it) with ptxas,
# dumps their SASS with cuobjdump and writes, under $OUT/sass: each kernel's
# SASS, ptxas's register and spill line, and an opcode histogram of all the
# kernels side by side (opcodes without their modifiers' operands), so that
# two versions of a kernel can be compared where only their run time
# differed (docs/performance-notes.md, version 21: the Gram kernel with
# compensated norms, and with its norms passed in). Run on the GPU machine
# (cuobjdump is not installed here):
#
#   OUT=$OUT scripts/device/sass-compare.sh a.ptx b.ptx ...
#
#===----------------------------------------------------------------------===#
set -euo pipefail
OUT=${OUT:-/tmp/fusec-out}
dir=$OUT/sass
mkdir -p "$dir"
export PATH=$PATH:/usr/local/cuda/bin
[ $# -ge 1 ] || { echo "usage: sass-compare.sh KERNEL.ptx..." >&2; exit 1; }
names=()
for ptx in "$@"; do
  name=$(basename "$ptx" .ptx)
  arch=$(awk '/^\.target/ {gsub(",", "", $2); print $2; exit}' "$ptx")
  ptxas -arch="${arch:-sm_90}" -v "$ptx" -o "$dir/$name.cubin" 2> "$dir/$name.ptxas"
  cuobjdump --dump-sass "$dir/$name.cubin" > "$dir/$name.sass"
  # "/*0a30*/  FFMA R4, R5, R6, R4 ;" -> "FFMA"; predicates dropped.
  sed -nE 's#^ +/\*[0-9a-f]+\*/ +(@!?U?P[0-9T]+ +)?([A-Z0-9_.]+).*#\2#p' \
    "$dir/$name.sass" | sort | uniq -c | awk '{print $2, $1}' \
    > "$dir/$name.opcodes"
  names+=("$name")
done
python3 - "$dir" "${names[@]}" > "$dir/opcodes.md" <<'PY'
import sys
d, names = sys.argv[1], sys.argv[2:]
counts = []
for n in names:
    with open(f"{d}/{n}.opcodes") as f:
        counts.append(dict((op, int(c)) for op, c in (l.split() for l in f)))
ops = sorted(set().union(*counts), key=lambda o: -max(c.get(o, 0) for c in counts))
print("| opcode | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
print("| total | " + " | ".join(str(sum(c.values())) for c in counts) + " |")
for op in ops:
    print(f"| {op} | " + " | ".join(str(c.get(op, 0)) for c in counts) + " |")
PY
for n in "${names[@]}"; do
  echo "$n: $(grep -hE 'registers|spill' "$dir/$n.ptxas" | tr -s ' ' | tr '\n' ' ')"
done | tee "$dir/ptxas.txt"
head -40 "$dir/opcodes.md"
