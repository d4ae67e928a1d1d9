#!/usr/bin/python3
"""Session 42: where the certified Gram kernel's rows go, on the CPU
(numpy, float64), for the bench's data (uniform [0, 1) f32).

The model of session 35's open_rows.py with the Gram form's bound
(certifiedBoundTerms with nativeGram, lib/Conversion/TiledRunningMin.cpp):
E = perS S + perB B + perNorms (nx + nc) + perRoot sqrt(nx nc) + perValue
v, where perNorms and perRoot carry the native sums' gamma_d = d u / (1 -
d u) and the scale loses the direct form's (d + 2) u. There is no
refinement: an open row goes to the replay of its open candidates (fewer
than L) or of all k. The exact distances stand in for the kernel's 3xTF32
values, as in session 35.

    /usr/bin/python3 open_rows_gram.py  (env SHAPES=name:n:k:d,... ROWS SEED
    LEVELS: the lower bounds a row keeps, else the kernel's choice)
"""
import math
import os
import sys

import numpy as np

# certifiedOpen's model, shared with session 35's script.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../h200-2026-12-05/session35"))
from open_rows import open_count  # noqa: E402

U = 2.0 ** -24


def terms(d, slice_features=32, mma_k=8):
    mmas = 3 * math.ceil(min(d, slice_features) / mma_k)
    slices = math.ceil(d / slice_features)
    mma = mmas * 12 * 2 + (slices - 1)
    own = U * 1.001
    scale = (1 + own) * (1 + 1 / 1024)
    r = min(d, slice_features) + 6 + slices ** 2 * U * 1.01
    slack = max(1 / 4096, 2 * (r + 2) * U)
    gamma = d * U / (1 - d * U)
    return {
        "perS": (2 * (mma + 24) + 10) * U * scale,
        "perB": (2 * r + 10) * U * scale,
        "perNorms": (r + 4) * U * scale
        + (gamma + U * (1 + gamma)) * (1 + slack) * scale,
        "perRoot": 2 * gamma * (1 + slack) * scale,
        "perValue": own * (1 + 1 / 1024) + 2 * U,
        "slack": slack,
    }


def main():
    shapes = os.environ.get(
        "SHAPES", "probe:4096:256:512,k1000d200:40000:1000:200,"
        "k256d2048:8192:256:2048,k1024d2048:16384:1024:2048,"
        "k256d4096:8192:256:4096,sample-heavy:131072:8192:8192")
    rows = int(os.environ.get("ROWS", 512))
    rng = np.random.default_rng(int(os.environ.get("SEED", 1)))
    print(f"sampled rows: {rows}")
    print("| shape | levels | mean E | median gap of the first two | decided |"
          " replay, open few | replay, all k |")
    print("|---|---|---|---|---|---|---|")
    for spec in shapes.split(","):
        name, n, k, d = spec.split(":")
        n, k, d = int(n), int(k), int(d)
        levels = int(os.environ.get("LEVELS", 8 if d > 2048 else 4))
        c = rng.random((k, d), dtype=np.float32).astype(np.float64)
        x = rng.random((min(rows, n), d), dtype=np.float32).astype(np.float64)
        t = terms(d)
        mu = float(np.float32(c[0, :min(32, d)].mean()))
        nx = (x * x).sum(1)[:, None]
        nc = (c * c).sum(1)[None, :]
        ny = ((x - mu) ** 2).sum(1)[:, None]
        v = np.maximum(nx + nc - 2 * (x @ c.T), 0)
        slack = 1 + t["slack"]
        e = (t["perS"] * np.sqrt(ny * slack) * np.sqrt(nc * slack)
             + t["perB"] * abs(mu) * math.sqrt(d) * np.sqrt(nc * slack)
             + t["perRoot"] * np.sqrt(nx * slack) * np.sqrt(nc * slack)
             + t["perNorms"] * (nx + nc) + t["perValue"] * v)
        opened, _ = open_count(v - e, v + e, levels)
        srt = np.sort(v, 1)
        gap = np.median(srt[:, 1] - srt[:, 0])

        def frac(m):
            return f"{100 * m.mean():.1f}%"

        print(f"| {name} ({n}x{k}x{d}) | {levels} | {e.mean():.3g} | "
              f"{gap:.3g} | {frac(opened == 1)} | "
              f"{frac((opened > 1) & (opened < levels))} | "
              f"{frac(opened >= levels)} |", flush=True)


main()
