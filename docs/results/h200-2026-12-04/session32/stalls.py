#!/usr/bin/env python3
"""Totals of Nsight Compute's warp-stall samples in a SourceCounters CSV.

    python3 stalls.py logs/run3-gram-split1.source.csv.gz [more.csv.gz ...]

For each file (ncu --page source --print-source sass --csv, gzipped), prints
the sampled stall reasons with their share of all samples and the SASS
opcodes that carry the most of each, then the instructions with the most
short-scoreboard samples (the waits on shared-memory loads that the split
kernel halves, docs/performance-notes.md, "Version 36 benched").
"""
import collections
import csv
import gzip
import sys


def load_rows(path):
    lines = gzip.open(path, "rt").read().splitlines()
    header = next(i for i, line in enumerate(lines)
                  if line.startswith('"Address"'))
    return [r for r in csv.DictReader(lines[header:])
            if r["Address"].startswith("0x")]


def opcode(source):
    words = source.split()
    if words and words[0].startswith("@"):  # a predicate guard
        words = words[1:]
    return words[0].split(".")[0] if words else "?"


def as_int(text):
    try:
        return int(text)
    except ValueError:
        return 0


def report(path):
    rows = load_rows(path)
    totals = collections.Counter()
    by_opcode = collections.defaultdict(collections.Counter)
    for row in rows:
        op = opcode(row["Source"])
        for column, value in row.items():
            # The "(Not Issued)" columns repeat a subset of the samples.
            if column.startswith("stall_") and "(" not in column:
                totals[column] += as_int(value)
                by_opcode[column][op] += as_int(value)
    samples = sum(totals.values())
    print(f"{path}: {samples} samples over {len(rows)} instructions")
    for reason, count in totals.most_common(8):
        top = ", ".join(f"{op} {n}" for op, n in
                        by_opcode[reason].most_common(4))
        print(f"  {reason:20s} {count:9d} {count / samples:6.3f}  ({top})")
    waits = sorted(((as_int(r["stall_short_sb"]), i, r["Source"].strip())
                    for i, r in enumerate(rows)), reverse=True)[:8]
    print("  most short-scoreboard samples:")
    for count, index, source in waits:
        print(f"    {count:8d}  #{index:<5d} {source}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        report(p)
