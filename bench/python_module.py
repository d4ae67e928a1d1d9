#!/usr/bin/env python3
"""The Python module (python/fusec) on torch tensors, on the GPU machine:
time and peak memory of fusec.nearest_centroid against torch eager, and
its labels against torch eager's (float64 reference distances decide
whether a disagreement is a near-tie, docs/fuse-run.md).

    FUSEC_LIBRARY_DIR=... PYTHONPATH=python python3 bench/python_module.py \
        [--out DIR]

Times are medians of CUDA-event-timed calls on torch's current stream, the
way a user calls it (Python overhead included). Peak is
torch.cuda.max_memory_allocated above what was allocated before the call:
for fusec that is the labels, which the module allocates through torch.
"""
import argparse
import json
import math
import statistics
import sys

import torch

import fusec

SHAPES = {  # name: (n, k, d), the seeds' shapes (BENCHMARKS.md)
    "probe": (4096, 256, 512),
    "odd": (20011, 300, 129),
}


def timed(fn, reps):
    fn()  # compile / warm up
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e3)  # us
    return statistics.median(times)


def peak_above(fn):
    torch.cuda.synchronize()
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    out = fn()
    torch.cuda.synchronize()
    return torch.cuda.max_memory_allocated() - base, out


def eager_naive(x, c):
    return ((x[:, None, :] - c[None, :, :]) ** 2).sum(2).argmin(1)


def eager_gram(x, c):
    return ((x * x).sum(1, keepdim=True) + (c * c).sum(1) - 2 * x @ c.T).argmin(1)


def compare(labels, ref_labels, x, c, rows=4096):
    """Mismatches and near-ties of `labels` against `ref_labels` on the
    first `rows` rows, with float64 distances."""
    x64, c64 = x[:rows].double(), c.double()
    dist = ((x64[:, None, :] - c64[None, :, :]) ** 2).sum(2)
    a, b = labels[:rows], ref_labels[:rows]
    differ = (a != b).nonzero().flatten()
    if differ.numel() == 0:
        return 0, 0, rows
    da, db = dist[differ, a[differ]], dist[differ, b[differ]]
    bound = 1e-5 * torch.maximum(da.abs(), db.abs()).clamp(min=1) * math.sqrt(x.shape[1])
    near = int(((da - db).abs() <= bound).sum())
    return int(differ.numel()) - near, near, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=None)
    parser.add_argument("--reps", type=int, default=50)
    args = parser.parse_args()
    torch.manual_seed(0)
    rows = []
    for name, (n, k, d) in SHAPES.items():
        x = torch.randn(n, d, device="cuda")
        c = torch.randn(k, d, device="cuda")
        ref = eager_naive(x[:4096], c)  # torch eager's labels on the checked rows
        for form, eager in (("naive", eager_naive), ("gram", eager_gram)):
            t_fusec = timed(lambda: fusec.nearest_centroid(x, c, form=form), args.reps)
            peak_fusec, labels = peak_above(lambda: fusec.nearest_centroid(x, c, form=form))
            t_eager = timed(lambda: eager(x, c), max(3, args.reps // 10))
            peak_eager, _ = peak_above(lambda: eager(x, c))
            bad, near, checked = compare(labels, ref, x, c)
            row = {"shape": name, "n": n, "k": k, "d": d, "form": form,
                   "fusec_us": t_fusec, "fusec_peak_bytes": peak_fusec,
                   "torch_eager_us": t_eager, "torch_eager_peak_bytes": peak_eager,
                   "labels_bytes": n * 8, "rows_checked": checked,
                   "mismatches": bad, "near_ties": near}
            rows.append(row)
            print("%-6s %-5s fusec %10.1f us peak %11d B (labels %d B) | torch eager %10.1f us "
                  "peak %12d B | vs torch eager labels on %d rows: %d mismatches, %d near-ties"
                  % (name, form, t_fusec, peak_fusec, n * 8, t_eager, peak_eager, checked,
                     bad, near), flush=True)
    if args.out:
        with open(args.out + "/python-module.json", "w") as f:
            json.dump({"device": torch.cuda.get_device_name(0), "torch": torch.__version__,
                       "rows": rows}, f, indent=1)
    return 0 if all(r["mismatches"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
