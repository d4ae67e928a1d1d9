#!/usr/bin/env python3
"""A/B of two builds of the same fusec kernels, on the GPU machine.

    python3 bench/ab.py RUNTIME.so OLD_DIR NEW_DIR NAME [NAME ...]

For each kernel NAME (NAME.ptx and NAME.ptx.json in both directories),
runs the old and the new build on the same inputs: uniform random X (n, d)
and C (k, d) with seed 5, rows 0-127 equal to candidates that are
duplicated at a far index (exact ties across candidate parts). It checks
that both builds give the same labels (where they differ, it reports how
close the two labels' candidates are in float64) and, unless NOREF=1,
counts each build's mismatches against a float64 reference. Then it times
both as bench/bench.py does: the L2 flushed before every call, the calls
queued behind a GPU spin, CUDA events around each call.

The calls alternate in ABBA order (old, new, new, old, ...). With a fixed
order the same PTX timed in both slots differed by 1.5-3% (TF32 faster
second, 3xTF32 and f16 slower second; docs/performance-notes.md, version
29), which is as large as the changes it was used to judge. Each build's
median is printed, and the medians of each build by its place in the
pair, so that a remaining order effect shows.

Environment: N, K, D (default the probe: 4096, 256, 512), REPS (pairs of
calls, default 40), NOREF=1 (no float64 reference, for large shapes),
NOFLUSH=1 (the L2 keeps the inputs between calls: how much of a call the
first reads from DRAM cost), NOTIES=1 (no duplicated rows: uniform data
alone, as bench/bench.py's), SEPARATED=1 (each row a random candidate
plus uniform noise of width 0.05, no ties: every row's nearest candidate
stands far apart from its second, so a certified kernel's bounds decide
every row and the call costs its walk alone), OPENTAGS=ROWS (the new
build is a certified kernel built to tag its labels: bit 32 for a row
replayed over a few candidates, bit 33 for one replayed over every
candidate; the tags are counted by tiles of ROWS rows and removed before
the labels are compared).
The exit status is 1 when the labels of any kernel differ.
"""
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402

# Imported in main(), on the GPU machine: the usage needs no torch.
torch = None


def make_inputs(n, k, d, dtype):
    g = torch.Generator(device="cuda")
    g.manual_seed(5)
    x = torch.rand((n, d), generator=g, device="cuda").to(dtype)
    c = torch.rand((k, d), generator=g, device="cuda").to(dtype)
    if os.environ.get("SEPARATED"):
        near = torch.randint(k, (n,), generator=g, device="cuda")
        noise = torch.rand((n, d), generator=g, device="cuda") - 0.5
        return (c[near] + 0.05 * noise.to(dtype)).to(dtype), c
    if os.environ.get("NOTIES"):
        return x, c
    # Exact ties across candidate parts: rows equal to a candidate that is
    # duplicated at a far index.
    c[k - 1] = c[3]
    x[:64] = c[3]
    x[64:128] = c[k // 2 + 1]
    return x, c


def report_open_tags(tags, tile_rows):
    """How many rows a tagged certified build replayed, and how they fall
    in its row tiles (the slowest tile sets a one-wave call's time)."""
    n = tags.numel()
    tiles = (n + tile_rows - 1) // tile_rows
    padded = torch.zeros(tiles * tile_rows, dtype=tags.dtype,
                         device=tags.device)
    padded[:n] = tags
    for bit, what in ((1, "a few candidates"), (2, "every candidate")):
        per_tile = (padded == bit).view(tiles, tile_rows).sum(1)
        hist = torch.bincount(per_tile).tolist()
        print("  replayed over %s: %d rows (%.2f%%); per %d-row tile max %d,"
              " mean %.2f; tiles by count: %s" % (
                  what, int(per_tile.sum()), 100.0 * int(per_tile.sum()) / n,
                  tile_rows, int(per_tile.max()),
                  float(per_tile.float().mean()),
                  {i: h for i, h in enumerate(hist) if h}))


def report_differences(x, c, labs):
    rows = (labs[0] != labs[1]).nonzero().flatten()
    first = rows[:8].tolist()
    print("  first differing rows:", first, labs[0][first].tolist(),
          labs[1][first].tolist())
    xd = x[rows].double()
    d0 = ((xd - c[labs[0][rows]].double()) ** 2).sum(1)
    d1 = ((xd - c[labs[1][rows]].double()) ** 2).sum(1)
    gap = ((d0 - d1).abs() / d0.clamp_min(1e-300)).max().item()
    print("  %d rows differ; largest relative float64 gap between the two "
          "labels' distances: %.3g" % (rows.numel(), gap))


def main():
    global torch
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    dirs = sys.argv[2:4]
    tags = os.environ.get("OPENTAGS", "")
    if tags and not (tags.isdigit() and int(tags) > 0):
        sys.exit("ab.py: OPENTAGS=%s: give the rows of a tile, a positive "
                 "integer" % tags)
    tile_rows = int(tags) if tags else 0
    # Every kernel of both builds, before torch and the GPU are touched.
    missing = [os.path.join(dir_, name + suffix) for name in sys.argv[4:]
               for dir_ in dirs for suffix in (".ptx", ".ptx.json")
               if not os.path.isfile(os.path.join(dir_, name + suffix))]
    if missing:
        sys.exit("ab.py: no such kernel file: " + ", ".join(missing))
    import torch
    bench.torch = torch
    rt = bench.FusecRuntime(sys.argv[1])
    n, k, d = (int(os.environ.get(v, dflt)) for v, dflt in
               (("N", "4096"), ("K", "256"), ("D", "512")))
    reps = int(os.environ.get("REPS", "40"))
    flushes = not os.environ.get("NOFLUSH")
    flush = torch.empty(64 * 1024 * 1024, dtype=torch.int32, device="cuda")
    # Warm-up: the first A/B of a fresh machine ran at idle clocks.
    warm = torch.rand((4096, 4096), device="cuda")
    for _ in range(200):
        warm @ warm
    torch.cuda.synchronize()
    failed = 0
    for name in sys.argv[4:]:
        # bf16 first: every bf16 kernel's name also contains "f16".
        dtype = torch.bfloat16 if "bf16" in name else (
            torch.float16 if "f16" in name else torch.float32)
        code = {torch.float16: "f16", torch.bfloat16: "bf16",
                torch.float32: "f32"}[dtype]
        x, c = make_inputs(n, k, d, dtype)
        labs, launchers = [], []
        for dir_ in dirs:
            lab = torch.full((n,), -7, dtype=torch.int64, device="cuda")
            with open(os.path.join(dir_, name + ".ptx"), "rb") as f:
                launchers.append(bench.FusecLauncher(
                    rt, rt.create(f.read(), 0), torch, [x, c, lab],
                    [code, code, "i64"]))
            labs.append(lab)
        for launcher in launchers:
            for _ in range(3):
                launcher.launch()
        torch.cuda.synchronize()
        if tile_rows:
            tags = labs[1] >> 32
            report_open_tags(tags, tile_rows)
            labs = [labs[0], labs[1] & 0xFFFFFFFF]
        same = torch.equal(labs[0], labs[1])
        if os.environ.get("NOREF"):
            mism = ["-", "-"]
        else:
            ref = torch.cdist(x.double(), c.double()).argmin(1)
            mism = [int((lab != ref).sum()) for lab in labs]
        events = []
        torch.cuda._sleep(int(2e6))
        for i in range(reps):
            order = (0, 1) if i % 2 == 0 else (1, 0)
            for place, j in enumerate(order):
                if flushes:
                    flush.fill_(i)
                start = torch.cuda.Event(enable_timing=True)
                end = torch.cuda.Event(enable_timing=True)
                start.record()
                launchers[j].launch()
                end.record()
                events.append((j, place, start, end))
        torch.cuda.synchronize()
        times = {(j, p): [] for j in (0, 1) for p in (0, 1)}
        for j, place, start, end in events:
            times[(j, place)].append(start.elapsed_time(end) * 1e3)
        med = [statistics.median(times[(j, 0)] + times[(j, 1)])
               for j in (0, 1)]
        print("%-44s old %7.2f us  new %7.2f us  new/old %.3f  labels %s  "
              "mismatches vs f64 old %s new %s (%s)" % (
                  name, med[0], med[1], med[1] / med[0],
                  "equal" if same else "DIFFER", mism[0], mism[1],
                  "no ties" if os.environ.get("NOTIES") else
                  "ties at rows 0-127"))
        print("  by place in the pair (first / second): old %.2f / %.2f us,"
              " new %.2f / %.2f us" % tuple(
                  statistics.median(times[(j, p)])
                  for j in (0, 1) for p in (0, 1)))
        if not same:
            failed += 1
            report_differences(x, c, labs)
        for launcher in launchers:
            launcher.destroy()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
