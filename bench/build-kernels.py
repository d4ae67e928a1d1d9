#!/usr/bin/env python3
"""Compiles the benchmark's fusec kernels (PTX with embedded launch
descriptions) for every seed shape and writes DIR/manifest.json for
bench/bench.py. Runs on the build machine (it needs fusec, not a GPU).

    bench/build-kernels.py --fusec build/bin/fusec --out bench-kernels [--quick]

The examples have the probe's static k=256 and d=512; for the other shapes
those extents are substituted in the text (the programs are otherwise the
same), and n stays dynamic with --expected-rows giving the tile/split
decision its row count.

Besides the f32 IEEE variants, the tensor-core kernels of issue 8:
gemm_argmin_f16 (and its bf16 twin) for the half-precision shapes
(probe-f16, probe-bf16, sample-heavy-f16), and gemm_argmin with
--precision=3xtf32 on every f32 shape and --precision=tf32 on the probe and
sample-heavy, named <example>.<shape>.<precision>. Each manifest entry says
its "precision" and input "dtype"; a tensor-core kernel whose PTX has no
mma.sync is reported (and noted in its entry).
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SHAPES = {
    "probe": (4096, 256, 512),
    "sample-heavy": (131072, 8192, 8192),
    "centroid-heavy": (65536, 16384, 8192),
    "feature-heavy": (65536, 4096, 16384),
}


# fusec's kCertifiedGramMaxFeatures: a Gram form takes
# --precision=3xtf32-certified up to this many features (past it XC's own
# rounding would leave about a quarter of the rows to a replay over every
# candidate, and fusec refuses it): not feature-heavy.
CERTIFIED_GRAM_MAX_FEATURES = 8192

# The half-precision shapes of bench/bench.py: (input dtype, n, k, d).
HALF_SHAPES = {
    "probe-f16": ("f16", 4096, 256, 512),
    "probe-bf16": ("bf16", 4096, 256, 512),
    "sample-heavy-f16": ("f16", 131072, 8192, 8192),
}

# Tensor-core precisions of gemm_argmin on the f32 shapes (fusec
# --precision): 3xTF32 everywhere, one-pass TF32 on the probe and
# sample-heavy only.
F32_TC_PRECISIONS = {
    "probe": ["3xtf32", "tf32"],
    "sample-heavy": ["3xtf32", "tf32"],
    "centroid-heavy": ["3xtf32"],
    "feature-heavy": ["3xtf32"],
}

# Variants of the half-precision kernels: (label, extra fusec flags).
HALF_VARIANTS = {
    "probe": [("auto", []), ("64x64", ["--tile-m=64", "--tile-n=64"]),
              ("split1", ["--split=1"]), ("wgmma", ["--arch=sm_90a"])],
    "large": [("auto", []), ("128x128", ["--tile-n=128"]),
              ("wgmma", ["--arch=sm_90a"]),
              ("wgmma-cpasync", ["--arch=sm_90a", "--cluster=0"])],
}

# Tile variants: (label, extra fusec flags). The first is the ledger's own
# choice (no flags).
VARIANTS = {
    "probe": [("auto", []),
              ("64x64-t8-split4", ["--tile-m=64", "--tile-n=64", "--thread-m=8",
                                   "--thread-n=8", "--split=4"]),
              ("128x128-split2", ["--tile-m=128", "--tile-n=128", "--split=2"])],
    "large": [("auto", [])],
}
# Per example on the large shapes (docs/performance-notes.md, version 19).
# The direct form's choice is 128x128 tiles, two blocks, 16 features per
# slice; the Gram form's 128x256 tiles, 8x16 per thread, one block.
LARGE_EXAMPLE_VARIANTS = {
    "naive_argmin": [("128x128-1block", ["--min-blocks=1"]),
                     ("128x128-k8", ["--tile-k=8"]),
                     ("128x256-t8x16", ["--tile-n=256", "--thread-n=16"]),
                     # 16 features through registers (version 19's choice).
                     ("128x128-k16-registers", ["--tile-m=128", "--tile-n=128",
                                                "--tile-k=16"])],
    "gemm_argmin": [("128x128", ["--tile-m=128", "--tile-n=128"]),
                    ("128x128-k16", ["--tile-m=128", "--tile-n=128",
                                     "--tile-k=16"]),
                    ("256x128-t16x8", ["--tile-m=256", "--thread-m=16",
                                       "--min-blocks=1"]),
                    # cp.async stages (4-byte copies) instead of registers.
                    ("128x256-s2-k16", ["--tile-m=128", "--tile-n=256",
                                        "--thread-n=16", "--tile-k=16",
                                        "--stages=2"])]}


# The probe sweep (--sweep): block tile, thread tile, features per slice and
# split, written (bm, bn, tm, tn, bk, split). Used to measure the schedule
# model's tile efficiencies (docs/performance-notes.md).
PROBE_SWEEP = [(64, 64, 4, 4, 16, 4), (64, 64, 4, 4, 8, 4), (64, 64, 4, 4, 32, 4),
               (32, 64, 4, 4, 16, 4), (64, 32, 4, 4, 16, 8), (128, 64, 8, 4, 16, 4),
               (64, 128, 4, 8, 16, 2), (128, 32, 8, 4, 16, 8), (32, 32, 4, 4, 16, 8),
               (64, 64, 8, 4, 16, 4), (64, 64, 4, 8, 16, 4), (32, 128, 4, 8, 16, 2)]


# The tensor-core check (--tensor-cores, for bench/tensor_core_check.py):
# (label, example, dtype, precision, k, d, [[rows, exact ties], ...]).
# Extents that are not multiples of the MMA tiles (m16n8k16/k8), of the
# 64-candidate block tile or of the 32-feature slice, and k = 1, d = 1.
TC_CASES = [
    ("probe", 256, 512, [[4096, False], [4099, True], [1000, False]]),
    ("odd", 250, 500, [[1001, False], [37, True]]),
    # 16-byte-aligned rows (wgmma) with k not a multiple of the 64-candidate
    # tile and rows not one of the 128-row tile.
    ("aligned-odd", 200, 100, [[1001, True], [4099, False]]),
    ("small", 72, 40, [[777, True]]),
    ("k1", 1, 24, [[130, False]]),
    ("d1", 9, 1, [[65, True]]),
    ("d3", 70, 3, [[300, False]]),
]
# (example, dtype, precision, extra flags, name tag). The sm_90a kinds take
# the split producer where d allows wgmma; with these few rows its
# candidates are split over persistent blocks (version 25).
TC_KINDS = [("gemm_argmin_f16", "f16", "ieee", [], ""),
            ("gemm_argmin_bf16", "bf16", "ieee", [], ""),
            ("gemm_argmin", "f32", "3xtf32", ["--precision=3xtf32"], ""),
            ("gemm_argmin", "f32", "tf32", ["--precision=tf32"], ""),
            ("gemm_argmin", "f32", "ieee", [], ""),
            ("naive_argmin", "f32", "ieee", [], ""),
            ("gemm_argmin", "f32", "3xtf32",
             ["--precision=3xtf32", "--arch=sm_90a"], "-wgmma"),
            ("gemm_argmin", "f32", "3xtf32",
             ["--precision=3xtf32-recheck", "--arch=sm_90a"],
             "-recheck-wgmma")]


def half_source(dtype):
    """examples/gemm_argmin_f16.mlir, or its bf16 twin (the text of
    test/GPU/Inputs/gemm_argmin_bf16.mlir: element types and name)."""
    with open(os.path.join(ROOT, "examples", "gemm_argmin_f16.mlir")) as f:
        text = f.read()
    if dtype == "bf16":
        text = text.replace("xf16>", "xbf16>").replace(
            "@gemm_argmin_f16(", "@gemm_argmin_bf16(")
    return text


def build_tensor_core_cases(fusec, out):
    entries = []
    for example, dtype, precision, flags, tag in TC_KINDS:
        if dtype != "f32":
            text = half_source(dtype)
        else:
            with open(os.path.join(ROOT, "examples", example + ".mlir")) as f:
                text = f.read()
        for label, k, d, rows in TC_CASES:
            name = f"{example}.{precision}{tag}.{label}"
            ptx = name + ".ptx"
            proc = subprocess.run(
                [fusec, "-", "-o", os.path.join(out, ptx),
                 f"--expected-rows={rows[0][0]}"] + flags,
                input=specialize(text, k, d).encode(), capture_output=True)
            if proc.returncode != 0:
                print(f"build-kernels: {name}: {proc.stderr.decode()}",
                      file=sys.stderr)
                continue
            entries.append({"name": name, "ptx": ptx, "dtype": dtype,
                            "precision": precision, "k": k, "d": d,
                            "rows": rows})
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"entries": entries}, f, indent=1)
    print(f"build-kernels: {len(entries)} tensor-core kernels in {out}",
          file=sys.stderr)


# The large tensor-core timings (--tensor-cores-large, for
# bench/tensor_core_check.py --large large.json): (name, example, dtype,
# precision, n, k, d). Schedule variants from --variant LABEL=FLAGS.
TC_LARGE = [
    ("sample-heavy-f16", "gemm_argmin_f16", "f16", "ieee", 131072, 8192, 8192),
    ("sample-heavy-3xtf32", "gemm_argmin", "f32", "3xtf32", 131072, 8192, 8192),
    ("sample-heavy-tf32", "gemm_argmin", "f32", "tf32", 131072, 8192, 8192),
    ("centroid-heavy-3xtf32", "gemm_argmin", "f32", "3xtf32", 65536, 16384,
     8192),
    ("feature-heavy-3xtf32", "gemm_argmin", "f32", "3xtf32", 65536, 4096,
     16384),
]


def build_tensor_core_large(fusec, out, variants, only=None):
    entries = []
    for name, example, dtype, precision, n, k, d in TC_LARGE:
        if only and not re.search(only, name):
            continue
        if dtype != "f32":
            text = half_source(dtype)
        else:
            with open(os.path.join(ROOT, "examples", example + ".mlir")) as f:
                text = f.read()
        flags = [f"--expected-rows={n}"]
        if precision != "ieee":
            flags.append(f"--precision={precision}")
        for label, extra in variants or [("default", [])]:
            ptx = f"{name}.{label}.ptx"
            proc = subprocess.run(
                [fusec, "-", "-o", os.path.join(out, ptx)] + flags + extra,
                input=specialize(text, k, d).encode(), capture_output=True)
            if proc.returncode != 0:
                print(f"build-kernels: {ptx}: {proc.stderr.decode()}",
                      file=sys.stderr)
                continue
            entries.append({"name": f"{name}.{label}", "ptx": ptx,
                            "dtype": dtype, "precision": precision, "n": n,
                            "k": k, "d": d})
    with open(os.path.join(out, "large.json"), "w") as f:
        json.dump(entries, f, indent=1)
    print(f"build-kernels: {len(entries)} large tensor-core kernels in {out}",
          file=sys.stderr)


def specialize(text, k, d):
    return text.replace("256", str(k)).replace("512", str(d))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fusec", default=os.path.join(ROOT, "build", "bin", "fusec"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--tensor-cores", action="store_true",
                    help="only the tensor-core check's kernels "
                    "(bench/tensor_core_check.py)")
    ap.add_argument("--tensor-cores-large", action="store_true",
                    help="only the large tensor-core timings (large.json)")
    ap.add_argument("--variant", action="append", default=[],
                    help="LABEL=FLAGS: with --tensor-cores-large, also build "
                    "each kernel with these fusec flags")
    ap.add_argument("--only", default=None,
                    help="REGEX: with --tensor-cores-large, only the kernels "
                    "whose names match")
    ap.add_argument("--sweep", action="store_true",
                    help="also the probe tile sweep (PROBE_SWEEP)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.tensor_cores:
        build_tensor_core_cases(args.fusec, args.out)
        return
    if args.tensor_cores_large:
        variants = [(v.split("=", 1)[0], v.split("=", 1)[1].split())
                    for v in args.variant]
        build_tensor_core_large(args.fusec, args.out, variants, args.only)
        return
    entries = []

    failed = []

    def build(name, example, shape, text, flags, notes, precision=None,
              dtype=None):
        ptx = f"{name}.ptx"
        path = os.path.join(args.out, ptx)
        proc = subprocess.run([args.fusec, "-", "-o", path]
                              + flags, input=text.encode(), capture_output=True)
        if proc.returncode != 0:
            print(f"build-kernels: {name}: {proc.stderr.decode()}", file=sys.stderr)
            failed.append(name)
            return
        entry = {"name": name, "example": example, "shape": shape,
                 "ptx": ptx, "notes": notes + " " + " ".join(flags)}
        if precision:
            entry["precision"] = precision
        if dtype:
            entry["dtype"] = dtype
        if precision and precision != "ieee":
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
                mma = text.count("mma.sync") + text.count("wgmma.mma_async")
            if not mma:
                print(f"build-kernels: {name}: no MMA in the PTX "
                      f"(precision {precision})", file=sys.stderr)
                entry["notes"] += " (no MMA in the PTX)"
        entries.append(entry)

    for example in ("naive_argmin", "gemm_argmin"):
        with open(os.path.join(ROOT, "examples", example + ".mlir")) as f:
            text = f.read()
        for shape, (n, k, d) in SHAPES.items():
            if args.quick and shape != "probe":
                continue
            variants = list(VARIANTS["probe" if shape == "probe" else "large"])
            if shape != "probe":
                variants += LARGE_EXAMPLE_VARIANTS[example]
            variants = [(label, flags, None) for label, flags in variants]
            if example == "gemm_argmin":
                variants += [(prec, [f"--precision={prec}"], prec)
                             for prec in F32_TC_PRECISIONS.get(shape, [])]
                # Hopper's warpgroup MMAs (sm_90a).
                variants += [(prec + "-wgmma", [f"--precision={prec}",
                                                "--arch=sm_90a"], prec)
                             for prec in F32_TC_PRECISIONS.get(shape, [])]
                # 3xTF32's split producer on the 128-row tiles that the
                # ledger ranks second on the large shapes (it chooses 192
                # rows; docs/performance-notes.md, version 17).
                # 3xTF32's best two candidates of each row, decided again
                # in IEEE fp32 (the ieee kernel's labels at tensor-core
                # speed).
                variants += [("3xtf32-recheck-wgmma",
                              ["--precision=3xtf32-recheck", "--arch=sm_90a"],
                              "3xtf32-recheck")]
                # On the probe, 3xTF32's mma.sync kernel, and the wgmma
                # register staging that the ledger chose before its split
                # producer took the split (version 25).
                if shape == "probe":
                    variants += [("3xtf32-recheck",
                                  ["--precision=3xtf32-recheck"],
                                  "3xtf32-recheck"),
                                 ("3xtf32-wgmma-staging",
                                  ["--precision=3xtf32", "--arch=sm_90a",
                                   "--cluster=0"], "3xtf32")]
                if shape != "probe":
                    variants += [("3xtf32-wgmma-m128",
                                  ["--precision=3xtf32", "--arch=sm_90a",
                                   "--tile-m=128", "--tile-n=128"], "3xtf32")]
            # The naive example with reassociation allowed: the ledger
            # rewrites it to the Gram form, here on 3xTF32's wgmma kernel
            # (issue 8's naive expressions).
            if example == "naive_argmin":
                variants += [("reassoc-3xtf32-wgmma",
                              ["--allow-reassociation", "--precision=3xtf32",
                               "--arch=sm_90a"], "3xtf32")]
            # The naive example's direct-form labels through 3xTF32 and
            # error bounds (no reassociation flag). Since every slice's
            # MMAs start from zero, the bound grows with the slice's 32
            # features rather than with d (docs/tensor-cores.md). The Gram
            # example's native IEEE labels the same way. Both are what
            # the default (--precision=auto) compiles on sm_90a where the
            # ledger predicts it faster. Past 1024 features the Gram form's
            # norms are its own native sums (docs/tensor-cores.md); it
            # takes at most CERTIFIED_GRAM_MAX_FEATURES.
            if example == "naive_argmin" or d <= CERTIFIED_GRAM_MAX_FEATURES:
                variants += [("3xtf32-certified-wgmma",
                              ["--precision=3xtf32-certified",
                               "--arch=sm_90a"], "3xtf32-certified")]
            if args.sweep and shape == "probe":
                variants += [(f"{bm}x{bn}-t{tm}x{tn}-k{bk}-s{sp}",
                              [f"--tile-m={bm}", f"--tile-n={bn}", f"--thread-m={tm}",
                               f"--thread-n={tn}", f"--tile-k={bk}", f"--split={sp}"],
                              None)
                             for bm, bn, tm, tn, bk, sp in PROBE_SWEEP]
            for label, flags, prec in variants:
                build(f"{example}.{shape}.{label}", example, shape,
                      specialize(text, k, d), [f"--expected-rows={n}"] + flags,
                      f"n={n} k={k} d={d}", precision=prec or "ieee",
                      dtype="f32")
    # The half-precision shapes: gemm_argmin_f16 / gemm_argmin_bf16.
    for shape, (dtype, n, k, d) in HALF_SHAPES.items():
        if args.quick and not shape.startswith("probe"):
            continue
        example = f"gemm_argmin_{dtype}"
        text = specialize(half_source(dtype), k, d)
        for label, flags in HALF_VARIANTS["probe" if shape.startswith("probe")
                                          else "large"]:
            build(f"{example}.{shape}.{label}", example, shape, text,
                  [f"--expected-rows={n}"] + flags,
                  f"n={n} k={k} d={d} {dtype}", precision=dtype, dtype=dtype)
    with open(os.path.join(ROOT, "examples", "chain_f16.mlir")) as f:
        chain = f.read()
    for shape in ("chain-4096", "chain-1e6", "chain-134217728"):
        build(f"chain_f16.{shape}", "chain_f16", shape, chain, [], "vectorized")
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"entries": entries}, f, indent=1)
    print(f"build-kernels: {len(entries)} kernels in {args.out}"
          + (f" ({len(failed)} failed: {', '.join(failed)})" if failed else ""),
          file=sys.stderr)


if __name__ == "__main__":
    main()
