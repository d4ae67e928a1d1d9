#!/usr/bin/env python3
"""Checks and times fusec's tensor-core Gram-argmin kernels on the GPU.

    python3 bench/tensor_core_check.py --runtime device-pkg/lib/libfusec_runtime.so \
        --kernels DIR [--reps 50]

DIR/manifest.json lists PTX files (bench/build-kernels.py --tensor-cores
writes it) with the input dtype, the precision and the static k and d. For
each, random inputs (n rows, dynamic) are run through fusec's runtime and
the labels compared with a float64 direct-form reference on the same
(upcast) data: a mismatch is a near-tie when the two candidates' float64
distances differ by at most the stated bound, else an error. Probe-sized
cases are also timed (CUDA events, median) beside cuBLAS X @ C.T alone in
the same dtype. Exit status 1 on any mismatch beyond the bound.
"""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (FusecRuntime, FusecLauncher, launch desc)

TORCH_DTYPE = {"f16": torch.float16, "bf16": torch.bfloat16,
               "f32": torch.float32}
# Relative near-tie bound per sqrt(d), by how the products are formed:
# f16/bf16 products are exact in f32, so their labels carry f32 summation
# error only; tf32 rounds each operand to 11 significant bits.
TIE_BOUND = {"ieee": 1e-5, "3xtf32": 1e-5, "tf32": 1e-2, "halves": 1e-5}


def reference(x, c, rows):
    x64, c64 = x[rows].double(), c.double()
    d = ((x64[:, None, :] - c64[None, :, :]) ** 2).sum(2)
    return d


def check(rt, entry, kdir, n, seed, dup):
    g = torch.Generator(device="cuda").manual_seed(seed)
    dt = TORCH_DTYPE[entry["dtype"]]
    k, d = entry["k"], entry["d"]
    x = torch.rand((n, d), generator=g, device="cuda").mul_(2).sub_(1).to(dt)
    c = torch.rand((k, d), generator=g, device="cuda").mul_(2).sub_(1).to(dt)
    if dup and k > 3:
        c[k - 1] = c[1]  # exact ties: the lower index must win
        x[: n // 4] = c[torch.randint(0, k, (n // 4,), generator=g,
                                      device="cuda")]
    with open(os.path.join(kdir, entry["ptx"]), "rb") as f:
        ptx = f.read()
    prog = rt.create(ptx, 0)
    labels = torch.full((n,), -1, dtype=torch.int64, device="cuda")
    launcher = bench.FusecLauncher(rt, prog, torch, [x, c, labels],
                                   [entry["dtype"], entry["dtype"], "i64"])
    launcher.launch()
    torch.cuda.synchronize()
    rows = torch.arange(n, device="cuda")
    if n > 8192:
        rows = torch.randperm(n, generator=g, device="cuda")[:8192]
    dist = reference(x, c, rows)
    best, ref = dist.min(1)
    got = labels[rows]
    bad = got != ref
    ties = errors = 0
    out_of_range = int(((got < 0) | (got >= k)).sum())
    if bad.any():
        idx = bad.nonzero().flatten()
        gd = dist[idx, got[idx].clamp(0, k - 1)]
        gap = (gd - best[idx]).abs()
        kind = "halves" if entry["dtype"] != "f32" else entry["precision"]
        bound = TIE_BOUND[kind] * best[idx].abs().clamp(min=1) * d ** 0.5
        ties = int((gap <= bound).sum())
        errors = int(idx.numel()) - ties
    # Exact ties must go to the lowest index, like the reference.
    tie_rows = 0
    if dup:
        exact = (dist == best[:, None]).sum(1) > 1
        tie_rows = int(exact.sum())
    time_us = None
    if n >= 4096:
        # Back-to-back launches between two events (the average; the bench
        # proper, bench/bench.py, takes medians of single calls).
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        for _ in range(3):
            launcher.launch()
        start.record()
        for _ in range(100):
            launcher.launch()
        end.record()
        end.synchronize()
        time_us = start.elapsed_time(end) * 10.0
    launcher.destroy()
    return dict(name=entry["name"], n=n, k=k, d=d, dtype=entry["dtype"],
                precision=entry["precision"], checked=int(rows.numel()),
                mismatches=int(bad.sum()), near_ties=ties, errors=errors,
                out_of_range=out_of_range, exact_tie_rows=tie_rows,
                time_us=time_us)


def cublas_us(dt, n, k, d):
    x = torch.randn((n, d), device="cuda", dtype=dt)
    c = torch.randn((k, d), device="cuda", dtype=dt)
    for _ in range(3):
        x @ c.T
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(30):
        start.record()
        x @ c.T
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    times.sort()
    return times[len(times) // 2]


def time_ms(fn, reps):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def large(rt, entry, kdir, reps):
    """One large shape: labels on 2048 random rows against float64, and the
    median time beside cuBLAS X @ C.T alone in the same dtype."""
    g = torch.Generator(device="cuda").manual_seed(7)
    dt = TORCH_DTYPE[entry["dtype"]]
    n, k, d = entry["n"], entry["k"], entry["d"]
    x = torch.empty((n, d), device="cuda", dtype=dt)
    c = torch.empty((k, d), device="cuda", dtype=dt)
    for t in (x, c):
        for r0 in range(0, t.shape[0], 8192):
            t[r0:r0 + 8192] = torch.rand((min(8192, t.shape[0] - r0), d),
                                         generator=g, device="cuda") * 2 - 1
    with open(os.path.join(kdir, entry["ptx"]), "rb") as f:
        prog = rt.create(f.read(), 0)
    labels = torch.full((n,), -1, dtype=torch.int64, device="cuda")
    launcher = bench.FusecLauncher(rt, prog, torch, [x, c, labels],
                                   [entry["dtype"], entry["dtype"], "i64"])
    ms = time_ms(launcher.launch, reps)
    rows = torch.randperm(n, generator=g, device="cuda")[:2048]
    # float64 Gram form: exact enough (about 1e-12 relative) to classify.
    x64, c64 = x[rows].double(), c.double()
    dist = (x64 * x64).sum(1, keepdim=True) + (c64 * c64).sum(1) \
        - 2.0 * (x64 @ c64.T)
    del x64, c64
    best, ref = dist.min(1)
    got = labels[rows]
    bad = got != ref
    gap = (dist[torch.arange(rows.numel(), device="cuda"), got.clamp(0, k - 1)]
           - best).abs()
    kind = "halves" if entry["dtype"] != "f32" else entry["precision"]
    bound = TIE_BOUND[kind] * best.abs().clamp(min=1) * d ** 0.5
    errors = int((bad & (gap > bound)).sum())
    launcher.destroy()
    torch.backends.cuda.matmul.allow_tf32 = False
    cublas = time_ms(lambda: x @ c.T, reps)
    flops = 2.0 * n * k * d
    r = dict(name=entry["name"], n=n, k=k, d=d, dtype=entry["dtype"],
             precision=entry["precision"], ms=ms, cublas_ms=cublas,
             ratio=ms / cublas, tflops=flops / ms / 1e9,
             checked=int(rows.numel()), mismatches=int(bad.sum()),
             errors=errors)
    del x, c, labels, dist
    torch.cuda.empty_cache()
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runtime", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", default=None)
    ap.add_argument("--large", default=None,
                    help="a JSON list of {name, ptx, dtype, precision, n, k, "
                    "d} in --kernels: time them beside cuBLAS instead")
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    rt = bench.FusecRuntime(args.runtime)
    if args.large:
        failed = 0
        with open(os.path.join(args.kernels, args.large)) as f:
            for e in json.load(f):
                r = large(rt, e, args.kernels, args.reps)
                failed += bool(r["errors"])
                print(json.dumps(r), flush=True)
        return 1 if failed else 0
    with open(os.path.join(args.kernels, "manifest.json")) as f:
        entries = json.load(f)["entries"]
    results, failed = [], 0
    for e in entries:
        for i, (n, dup) in enumerate(e.get("rows", [[1000, False]])):
            try:
                r = check(rt, e, args.kernels, n, 100 + i, dup)
            except Exception as ex:  # report and go on
                r = dict(name=e["name"], n=n, error=str(ex))
                failed += 1
            else:
                failed += bool(r["errors"] or r["out_of_range"])
            results.append(r)
            print(json.dumps(r), flush=True)
    for dt in ("f16", "bf16", "f32"):
        us = cublas_us(TORCH_DTYPE[dt], 4096, 256, 512)
        r = dict(name="cuBLAS X@C.T alone", dtype=dt, n=4096, k=256, d=512,
                 time_us=us)
        results.append(r)
        print(json.dumps(r), flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)
    print("tensor_core_check: %d entries, %d failed" % (len(results), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
