#!/usr/bin/env bash
# Session 16, sixth device call: the chain at 4096 elements, 9 interleaved
# rounds: the grid-stride kernel, a straight-line one, fusec's kernel for a
# static 4096 (2 blocks of 256 or 4 of 128), torch.compile's beside them.
set -u
cd "$(dirname "$0")/../../../.."
S=docs/results/h200-2026-12-01/session16
OUT=$OUT SIZES=4096 ROUNDS=9 timeout 200 python3 $S/chain-ab.py device-pkg/lib/libfusec_runtime.so $S/chain-variants v0 b128 flat flat128 static static128 > $OUT/chain-ab.log 2>&1
echo "rc $?"; tail -2 $OUT/chain-ab.log
python3 - $OUT/chain-ab.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["4096"]
for t, v in d.items():
    print("%-14s %s" % (t, " ".join("%.3f" % x for x in v["rounds"])))
PY
