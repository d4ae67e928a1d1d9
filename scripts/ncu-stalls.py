#!/usr/bin/env python3
"""Summarizes an Nsight Compute SASS source view (the CSV that
scripts/device/ncu-full.sh writes) without ncu: where the warps' stall
samples fall, by block of straight-line code, and which instructions and
reasons lead.

    python3 scripts/ncu-stalls.py NAME.source.csv[.gz] [--top 20]

A block is a run of instructions with the same execution count, cut at
branches and barriers; its samples, instructions and leading stall
reasons show which part of a kernel (a producer's wait, a slice loop, an
epilogue) holds its warps (docs/performance-notes.md, version 26).
"""
import argparse
import collections
import csv
import gzip
import sys


def read_rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", newline="") as f:
            rows = list(csv.reader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        sys.exit("ncu-stalls: cannot read %s: %s" % (path, e))
    # The first line names the kernel; the second holds the column names.
    for i, row in enumerate(rows):
        if "Source" in row and "Instructions Executed" in row:
            return row, rows[i + 1:]
    sys.exit("ncu-stalls: %s has no SASS source view (Source and "
             "Instructions Executed columns)" % path)


def number(cell):
    try:
        return int(cell.replace(",", ""))
    except ValueError:
        return 0


def opcode(source):
    words = source.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0].split(".")[0] if words else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=20,
                    help="instructions to list by stall samples")
    args = ap.parse_args()
    header, data = read_rows(args.csv)
    col = {name: i for i, name in enumerate(header)}
    samples_col = col.get("Warp Stall Sampling (All Samples)")
    if samples_col is None:
        sys.exit("ncu-stalls: no stall samples in %s" % args.csv)
    executed_col = col["Instructions Executed"]
    reasons = [(name, i) for name, i in col.items()
               if name.startswith("stall_") and "Not Issued" not in name]
    total = sum(number(r[samples_col]) for r in data) or 1
    print("%d instructions, %d stall samples" % (len(data), total))

    blocks, start = [], 0
    for i in range(1, len(data) + 1):
        cut = i == len(data)
        if not cut:
            prev, cur = data[i - 1], data[i]
            cut = (number(prev[executed_col]) != number(cur[executed_col])
                   or opcode(prev[1]) in ("BRA", "EXIT", "BAR", "WARPSYNC"))
        if cut:
            blocks.append((start, i))
            start = i
    print("\nblocks holding at least 2% of the samples:")
    print("  first-last  executed  samples  share  leading reasons; opcodes")
    for a, b in blocks:
        samples = sum(number(data[j][samples_col]) for j in range(a, b))
        if samples * 50 < total:
            continue
        why = collections.Counter()
        ops = collections.Counter()
        for j in range(a, b):
            ops[opcode(data[j][1])] += 1
            for name, c in reasons:
                why[name[len("stall_"):]] += number(data[j][c])
        lead = ", ".join("%s %d" % kv for kv in why.most_common(3))
        mix = " ".join("%s:%d" % kv for kv in ops.most_common(5))
        print("  %5d-%-5d %8d %8d %5.1f%%  %s; %s" % (
            a, b - 1, number(data[a][executed_col]), samples,
            100.0 * samples / total, lead, mix))
    print("\ninstructions by stall samples:")
    ranked = sorted(range(len(data)), key=lambda j: -number(data[j][samples_col]))
    for j in ranked[:args.top]:
        r = data[j]
        why = max(reasons, key=lambda nc: number(r[nc[1]]))[0] if reasons else ""
        print("  %5d %6d %8d  %-10s %s" % (j, number(r[samples_col]),
                                         number(r[executed_col]),
                                         why[len("stall_"):], r[1].strip()[:70]))


if __name__ == "__main__":
    main()
