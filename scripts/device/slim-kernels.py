#!/usr/bin/env python3
"""Copies the kernels of a bench/build-kernels.py directory whose manifest
names match a regular expression, with their manifest, so that a device
call carries only what it runs (the device tool carries 64 MiB in all,
the repository included). The match is bench/bench.py --only-kernels'.

    python3 scripts/device/slim-kernels.py SRC DST REGEX

predictions.json is copied whole when SRC has one.
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "bench"))
import bench  # noqa: E402


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src, dst, pattern = argv[1:]
    try:
        with open(os.path.join(src, "manifest.json"), encoding="utf-8") as f:
            manifest = json.load(f)
        kept = bench.select_entries(manifest["entries"], pattern)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("slim-kernels: %s: %s" % (src, e), file=sys.stderr)
        return 2
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
