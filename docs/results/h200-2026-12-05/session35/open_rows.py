#!/usr/bin/python3
"""Session 35: where the certified kernel's rows go, on the CPU (numpy,
float64), for the bench's data (uniform [0, 1) f32).

For each sampled row it takes the exact distances v to all k candidates,
each candidate's bound E (certifiedBoundTerms of lib/Conversion/
TiledRunningMin.cpp, as the kernel forms it from the norms: E = perS S +
perB B + perNorms (nx + nc) + perValue v, the subnormal term left out),
lo = v - E and hi = v + E, and follows the kernel's decision
(emitCertifiedLabels, refineRows):
- open: the least m whose (m+1)-th least lo is above the least hi of the
  first m, or L (the levels a row keeps) when there is none;
- open 1: decided;
- else refined (where the refinement applies, below) with bound R v,
  R = (4 ceil(d / 128) + d + 10) u 1.01: over the open candidates (open <
  L) or over all k (open = L), then open again among those;
- what is still open goes to the direct form: its open candidates (< L),
  or all k.
The passes over all k candidates read the row's whole candidate matrix
(k d 4 bytes); the table gives their share of the rows.

The kernel's own 3xTF32 values differ from the exact ones by far less
than E (docs/performance-notes.md, version 37), so the exact values stand
in for them here.

Kernels (env KERNEL):
- "session34": the norms' and mu . c's sums at their naive worst case,
  d u; 4 levels; every open row refined;
- "session35": those sums at compensatedSumUlps(d, 32) = min(d, 32) + 6 +
  slices^2 u 1.01; 8 levels where d > 2048 (certifiedLevelsFor, 64x128
  tiles); a row refined only where 4 R hi < hi - lo of its first
  candidate, else straight to the direct form.

LEVELS overrides the levels (session 35 at 4: logs/open_rows-levels4.txt).

    /usr/bin/python3 open_rows.py  (env KERNEL, SHAPES=name:n:k:d,... ROWS SEED LEVELS)
"""
import math
import os

import numpy as np

U = 2.0 ** -24


def terms(d, compensated, slice_features=32, mma_k=8):
    mmas = 3 * math.ceil(min(d, slice_features) / mma_k)
    slices = math.ceil(d / slice_features)
    mma = mmas * 12 * 2 + (slices - 1)
    direct = (d + 2) * U * 1.001
    scale = (1 + direct) * (1 + 1 / 1024)
    r = (min(d, slice_features) + 6 + slices ** 2 * U * 1.01
         if compensated else d)
    return {
        "perS": (2 * (mma + 24) + 10) * U * scale,
        "perB": (2 * r + 10) * U * scale,
        "perNorms": (r + 4) * U * scale,
        "perValue": direct * (1 + 1 / 1024) + 2 * U,
        "slack": max(1 / 4096, 2 * (r + 2) * U),
    }


def open_count(lo, hi, levels):
    """certifiedOpen over each row's `levels` least lower bounds."""
    order = np.argsort(lo, axis=1, kind="stable")[:, :levels]
    rows = np.arange(lo.shape[0])[:, None]
    slo, shi = lo[rows, order], hi[rows, order]
    result = np.full(lo.shape[0], levels)
    for m in range(levels - 1, 0, -1):
        closed = slo[:, m] > shi[:, :m].min(1)
        result = np.where(closed, m, result)
    return result, order


def main():
    kernel = os.environ.get("KERNEL", "session35")
    new = kernel == "session35"
    shapes = os.environ.get(
        "SHAPES", "probe:4096:256:512,k256d2048:8192:256:2048,"
        "k1000d200:40000:1000:200,sample-heavy:131072:8192:8192,"
        "centroid-heavy:65536:16384:8192,feature-heavy:65536:4096:16384")
    rows = int(os.environ.get("ROWS", 512))
    rng = np.random.default_rng(int(os.environ.get("SEED", 1)))
    print(f"kernel: {kernel}, sampled rows: {rows}")
    print("| shape | levels | mean E | median gap of the first two | decided |"
          " refined, open | refined, all k | direct form, open |"
          " direct form, all k |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in shapes.split(","):
        name, n, k, d = spec.split(":")
        n, k, d = int(n), int(k), int(d)
        levels = int(os.environ.get("LEVELS", 8 if new and d > 2048 else 4))
        c = rng.random((k, d), dtype=np.float32).astype(np.float64)
        x = rng.random((min(rows, n), d), dtype=np.float32).astype(np.float64)
        t = terms(d, compensated=new)
        mu = float(np.float32(c[0, :min(32, d)].mean()))
        nx = (x * x).sum(1)[:, None]
        nc = (c * c).sum(1)[None, :]
        ny = ((x - mu) ** 2).sum(1)[:, None]
        v = np.maximum(nx + nc - 2 * (x @ c.T), 0)
        slack = 1 + t["slack"]
        e = (t["perS"] * np.sqrt(ny * slack) * np.sqrt(nc * slack)
             + t["perB"] * abs(mu) * math.sqrt(d) * np.sqrt(nc * slack)
             + t["perNorms"] * (nx + nc) + t["perValue"] * v)
        opened, order = open_count(v - e, v + e, levels)
        r_rel = (4 * math.ceil(d / 128) + d + 10) * U * 1.01
        first = order[:, 0]
        idx = np.arange(len(first))
        hi0, lo0 = (v + e)[idx, first], (v - e)[idx, first]
        refines = (4 * r_rel * hi0 < hi0 - lo0) if new else np.ones_like(hi0, bool)
        # The refinement: over the row's open candidates or over all k.
        rv_lo, rv_hi = v * (1 - r_rel), v * (1 + r_rel)
        direct_few = np.zeros(len(first), bool)
        direct_all = np.zeros(len(first), bool)
        ref_few = (opened > 1) & (opened < levels) & refines
        ref_all = (opened >= levels) & refines
        for i in np.nonzero(opened > 1)[0]:
            if not refines[i]:
                direct_few[i] = opened[i] < levels
                direct_all[i] = opened[i] >= levels
                continue
            if opened[i] < levels:
                cand = order[i, :opened[i]]
                lo_r, hi_r = rv_lo[i, cand][None], rv_hi[i, cand][None]
                again, _ = open_count(lo_r, hi_r, min(levels, len(cand)))
                direct_few[i] = again[0] > 1
            else:
                again, _ = open_count(rv_lo[i][None], rv_hi[i][None], levels)
                direct_few[i] = 1 < again[0] < levels
                direct_all[i] = again[0] >= levels
        srt = np.sort(v, 1)
        gap = np.median(srt[:, 1] - srt[:, 0])

        def frac(m):
            return f"{100 * m.mean():.1f}%"

        print(f"| {name} ({n}x{k}x{d}) | {levels} | {e.mean():.3g} | "
              f"{gap:.3g} | {frac(opened == 1)} | {frac(ref_few)} | "
              f"{frac(ref_all)} | {frac(direct_few)} | {frac(direct_all)} |",
              flush=True)


if __name__ == "__main__":
    main()
