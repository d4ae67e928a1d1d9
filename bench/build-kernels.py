#!/usr/bin/env python3
"""Compiles the benchmark's fusec kernels (PTX with embedded launch
descriptions) for every seed shape and writes DIR/manifest.json for
bench/bench.py. Runs on the build machine (it needs fusec, not a GPU).

    bench/build-kernels.py --fusec build/bin/fusec --out bench-kernels [--quick]

The examples have the probe's static k=256 and d=512; for the other shapes
those extents are substituted in the text (the programs are otherwise the
same), and n stays dynamic with --expected-rows giving the tile/split
decision its row count.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SHAPES = {
    "probe": (4096, 256, 512),
    "sample-heavy": (131072, 8192, 8192),
    "centroid-heavy": (65536, 16384, 8192),
    "feature-heavy": (65536, 4096, 16384),
}

# Tile variants: (label, extra fusec flags). The first is the ledger's own
# choice (no flags).
VARIANTS = {
    "probe": [("auto", []),
              ("64x64-t8-split4", ["--tile-m=64", "--tile-n=64", "--thread-m=8",
                                   "--thread-n=8", "--split=4"]),
              ("128x128-split2", ["--tile-m=128", "--tile-n=128", "--split=2"])],
    "large": [("auto", []),
              ("128x128-1block", ["--min-blocks=1"])],
}


def specialize(text, k, d):
    return text.replace("256", str(k)).replace("512", str(d))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fusec", default=os.path.join(ROOT, "build", "bin", "fusec"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    entries = []

    def build(name, example, shape, text, flags, notes):
        ptx = f"{name}.ptx"
        proc = subprocess.run([args.fusec, "-", "-o", os.path.join(args.out, ptx)]
                              + flags, input=text.encode(), capture_output=True)
        if proc.returncode != 0:
            print(f"build-kernels: {name}: {proc.stderr.decode()}", file=sys.stderr)
            return
        entries.append({"name": name, "example": example, "shape": shape,
                        "ptx": ptx, "notes": notes + " " + " ".join(flags)})

    for example in ("naive_argmin", "gemm_argmin"):
        with open(os.path.join(ROOT, "examples", example + ".mlir")) as f:
            text = f.read()
        for shape, (n, k, d) in SHAPES.items():
            if args.quick and shape != "probe":
                continue
            variants = VARIANTS["probe" if shape == "probe" else "large"]
            for label, flags in variants:
                build(f"{example}.{shape}.{label}", example, shape,
                      specialize(text, k, d), [f"--expected-rows={n}"] + flags,
                      f"n={n} k={k} d={d}")
    with open(os.path.join(ROOT, "examples", "chain_f16.mlir")) as f:
        chain = f.read()
    for shape in ("chain-4096", "chain-1e6", "chain-134217728"):
        build(f"chain_f16.{shape}", "chain_f16", shape, chain, [], "vectorized")
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"entries": entries}, f, indent=1)
    print(f"build-kernels: {len(entries)} kernels in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
