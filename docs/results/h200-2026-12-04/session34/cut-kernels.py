#!/usr/bin/env python3
"""Session 34: copies the bench kernels whose names match a regex, with
their manifest entries and the predictions, into another directory, so
that bench/bench.py times only those fusec rows beside the peers.

    python3 cut-kernels.py SRC DST REGEX
"""
import json
import os
import re
import shutil
import sys


def main():
    src, dst, pattern = sys.argv[1:4]
    os.makedirs(dst, exist_ok=True)
    with open(os.path.join(src, "manifest.json")) as f:
        manifest = json.load(f)
    kept = [e for e in manifest["entries"] if re.search(pattern, e["name"])]
    for e in kept:
        for name in (e["ptx"], e["ptx"] + ".json"):
            path = os.path.join(src, name)
            if os.path.exists(path):
                shutil.copy(path, dst)
    manifest["entries"] = kept
    with open(os.path.join(dst, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    if os.path.exists(os.path.join(src, "predictions.json")):
        shutil.copy(os.path.join(src, "predictions.json"), dst)
    print("%d kernels into %s" % (len(kept), dst))


if __name__ == "__main__":
    main()
