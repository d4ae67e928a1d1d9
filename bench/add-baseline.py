#!/usr/bin/env python3
"""Adds an earlier build's kernels to a bench kernel directory as A/B
baselines, so that one bench run times both versions on the same data
and checks the same rows.

Usage:
  python3 bench/add-baseline.py --from OLD --into device-pkg/bench-kernels \\
      --only '3xtf32-wgmma$' --label v17 [--note TEXT]

Every entry of OLD/manifest.json whose name matches --only (a regular
expression, searched) is copied into --into as NAME-LABEL (its .ptx and
.ptx.json) and appended to --into's manifest with "baseline": true. The
bench lists baseline rows but never marks them best or judges a target by
them (bench.py, _best and mark_best).
"""

import argparse
import json
import os
import re
import shutil
import sys


def read_manifest(path):
    """A build-kernels.py manifest, or exit with a message naming it."""
    try:
        with open(path) as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("add-baseline: %s: %s" % (path, e))
    if not isinstance(manifest, dict) or \
            not isinstance(manifest.get("entries"), list):
        sys.exit("add-baseline: %s: no 'entries' list" % path)
    return manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="source", required=True,
                    help="the earlier build-kernels.py output")
    ap.add_argument("--into", required=True,
                    help="the kernel directory the bench reads")
    ap.add_argument("--only", required=True,
                    help="REGEX: the kernel names to add")
    ap.add_argument("--label", required=True,
                    help="appended to each added kernel's name")
    ap.add_argument("--note", default="",
                    help="appended to each added kernel's notes")
    args = ap.parse_args()
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", args.label):
        sys.exit("add-baseline: --label must be letters, digits, '.', '_' "
                 "or '-'")
    try:
        pattern = re.compile(args.only)
    except re.error as e:
        sys.exit("add-baseline: --only %r: %s" % (args.only, e))
    target_path = os.path.join(args.into, "manifest.json")
    source = read_manifest(os.path.join(args.source, "manifest.json"))
    target = read_manifest(target_path)
    names = {e["name"] for e in target["entries"]}
    added = 0
    for entry in source["entries"]:
        if not pattern.search(entry["name"]):
            continue
        name = "%s-%s" % (entry["name"], args.label)
        if name in names:
            sys.exit("add-baseline: %s is already in %s" % (name,
                                                              target_path))
        ptx = name + ".ptx"
        shutil.copyfile(os.path.join(args.source, entry["ptx"]),
                        os.path.join(args.into, ptx))
        launch = os.path.join(args.source, entry["ptx"] + ".json")
        if os.path.exists(launch):
            shutil.copyfile(launch, os.path.join(args.into, ptx + ".json"))
        copy = dict(entry, name=name, ptx=ptx, baseline=True)
        if args.note:
            copy["notes"] = (entry.get("notes", "") + " " + args.note).strip()
        target["entries"].append(copy)
        names.add(name)
        added += 1
    if not added:
        sys.exit("add-baseline: no kernel of %s matches %r" % (args.source,
                                                              args.only))
    with open(target_path, "w") as f:
        json.dump(target, f, indent=1)
    print("add-baseline: %d kernel(s) added to %s" % (added, args.into))


if __name__ == "__main__":
    main()
