#!/usr/bin/env python3
"""Copies the kernels of a bench/build-kernels.py directory whose manifest
names match a regular expression, with their manifest, so that a device
call carries only what it runs (the device tool carries 64 MiB in all,
the repository included).

    python3 scripts/device/slim-kernels.py SRC DST REGEX

predictions.json is copied whole when SRC has one.
"""
import json
import os
import re
import shutil
import sys


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src, dst, pattern = argv[1:]
    try:
        regex = re.compile(pattern)
    except re.error as e:
        print("slim-kernels: REGEX %r: %s" % (pattern, e), file=sys.stderr)
        return 2
    with open(os.path.join(src, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    kept = [e for e in manifest["entries"] if regex.search(e["name"])]
    if not kept:
        print("slim-kernels: no kernel of %s matches %r" % (src, pattern),
              file=sys.stderr)
        return 1
    os.makedirs(dst, exist_ok=True)
    for e in kept:
        for suffix in ("", ".json"):
            path = os.path.join(src, e["ptx"] + suffix)
            if os.path.exists(path):
                shutil.copy(path, dst)
    if os.path.exists(os.path.join(src, "predictions.json")):
        shutil.copy(os.path.join(src, "predictions.json"), dst)
    with open(os.path.join(dst, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(dict(manifest, entries=kept), f, indent=1)
    print("slim-kernels: %d of %d kernels in %s" % (
        len(kept), len(manifest["entries"]), dst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
