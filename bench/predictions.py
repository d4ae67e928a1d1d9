#!/usr/bin/env python3
"""Writes the byte ledger's predictions for every benchmark row:
`fusec --ledger=json` on each example at each seed shape (the same
specialization as bench/build-kernels.py), flattened to
{"rows": [{program, shape, plan, floor_us, peak_bytes, bytes, flops}]} for
bench/bench.py --predictions. A fused plan's peak_bytes counts the
temporaries of the schedule (the recheck's scratch labels, the certified
kernel's list of deferred rows).

    bench/predictions.py --fusec build/bin/fusec --out predictions.json
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from importlib import import_module  # noqa: E402

kernels = import_module("build-kernels")

CHAINS = {"chain-4096": 4096, "chain-1e6": 1000000,
          "chain-134217728": 134217728}


def ledger(fusec, text, sizes, extra=()):
    """The ledger at `sizes` ("n=N"), with the schedule chosen for N rows as
    build-kernels.py compiles it (--expected-rows), so that the fused
    plan's peak counts that schedule's temporaries."""
    rows = sizes.split("=", 1)[1]
    proc = subprocess.run([fusec, "-", "--ledger=json", f"--sizes={sizes}",
                           f"--expected-rows={rows}"] + list(extra),
                          input=text.encode(), capture_output=True)
    if proc.returncode:
        raise RuntimeError(proc.stderr.decode())
    return json.loads(proc.stdout)


def rows_of(program, shape, report, precision=None):
    rows = []
    for fn in report["functions"]:
        for plan in ("eager", "fused"):
            p = fn.get(plan)
            if not p:
                continue
            rows.append({"program": program, "shape": shape, "plan": plan,
                         "floor_us": p["floor_s"] * 1e6,
                         "peak_bytes": p.get("peak_bytes"),
                         "bytes": p.get("bytes_read", 0) + p.get("bytes_written", 0),
                         "flops": p.get("flops")})
            if precision:
                rows[-1]["precision"] = precision
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fusec", default=os.path.join(ROOT, "build", "bin", "fusec"))
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rows = []
    for example in ("naive_argmin", "gemm_argmin", "running_step"):
        with open(os.path.join(ROOT, "examples", example + ".mlir")) as f:
            text = f.read()
        for shape, (n, k, d) in kernels.SHAPES.items():
            rows += rows_of(example, shape,
                            ledger(args.fusec, kernels.specialize(text, k, d),
                                   f"n={n}"))
    # The tensor-core kernels: the ledger costs their Gram-form products at
    # the tensor rate of the precision (f16/bf16 data; f32 with --precision).
    # On sm_90a, f16/bf16, tf32 and 3xTF32 (its split producer) run in
    # persistent blocks that compute the candidate norms once per block.
    with open(os.path.join(ROOT, "examples", "gemm_argmin.mlir")) as f:
        gram = f.read()
    with open(os.path.join(ROOT, "examples", "gemm_argmin_f16.mlir")) as f:
        gram16 = f.read()
    for shape, (n, k, d) in kernels.SHAPES.items():
        precisions = ["3xtf32", "3xtf32-recheck", "tf32"]
        # The certified Gram form where build-kernels.py builds it: its
        # floor is the 3xTF32 walk's.
        if d <= kernels.CERTIFIED_GRAM_MAX_FEATURES:
            precisions.append("3xtf32-certified")
        for precision in precisions:
            report = ledger(args.fusec, kernels.specialize(gram, k, d),
                            f"n={n}", [f"--precision={precision}",
                                       "--arch=sm_90a"])
            rows += rows_of("gemm_argmin", shape, report, precision)
        for half in ("f16", "bf16"):
            text = gram16 if half == "f16" else gram16.replace("xf16>", "xbf16>")
            report = ledger(args.fusec, kernels.specialize(text, k, d),
                            f"n={n}", ["--arch=sm_90a"])
            rows += rows_of("gemm_argmin", shape, report, half)
    # The naive example with reassociation allowed (bench/build-kernels.py's
    # reassoc-3xtf32-wgmma): the ledger costs the Gram form that it
    # rewrites the naive form to.
    with open(os.path.join(ROOT, "examples", "naive_argmin.mlir")) as f:
        naive = f.read()
    for shape, (n, k, d) in kernels.SHAPES.items():
        report = ledger(args.fusec, kernels.specialize(naive, k, d), f"n={n}",
                        ["--allow-reassociation", "--precision=3xtf32",
                         "--arch=sm_90a"])
        rows += rows_of("naive_argmin", shape, report, "3xtf32")
        # The certified kernels, on every f32 shape as build-kernels.py
        # builds them: the ledger's floor is their 3xTF32 walk's.
        report = ledger(args.fusec, kernels.specialize(naive, k, d), f"n={n}",
                        ["--precision=3xtf32-certified", "--arch=sm_90a"])
        rows += rows_of("naive_argmin", shape, report, "3xtf32-certified")
    with open(os.path.join(ROOT, "examples", "chain_f16.mlir")) as f:
        chain = f.read()
    for shape, numel in CHAINS.items():
        rows += rows_of("chain_f16", shape,
                        ledger(args.fusec, chain, f"n={numel}"))
    with open(args.out, "w") as f:
        json.dump({"rows": rows}, f, indent=1)
    print(f"predictions: {len(rows)} rows in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
