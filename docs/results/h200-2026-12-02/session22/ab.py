#!/usr/bin/env python3
"""Session 21 (reused in 22): A/B of two builds of the same bench kernels on the probe.
For each kernel name, runs the old and the new PTX on the same inputs
(uniform random, seed 5, plus rows that tie exactly), requires the labels to
be equal, and times both as bench.py does (L2 flushed, reps queued behind a
GPU spin, CUDA events around each call), alternating old and new reps.
usage: ab.py RUNTIME OLD_DIR NEW_DIR NAME [NAME ...]   (env N, K, D, REPS;
NOREF=1 skips the float64 reference of every row, for the large shapes)"""
import os, statistics, sys
import torch
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
old_dir, new_dir = sys.argv[2], sys.argv[3]
n, k, d = (int(os.environ.get(v, dflt)) for v, dflt in
           (("N", "4096"), ("K", "256"), ("D", "512")))
reps = int(os.environ.get("REPS", "40"))
flush = torch.empty(64 * 1024 * 1024, dtype=torch.int32, device="cuda")
# Warm-up: the first A/B of a fresh machine ran at idle clocks (run 3).
warm = torch.rand((4096, 4096), device="cuda")
for _ in range(200):
    warm @ warm
torch.cuda.synchronize()
failed = 0
for name in sys.argv[4:]:
    dtype = torch.float16 if "f16" in name else (
        torch.bfloat16 if "bf16" in name else torch.float32)
    code = {torch.float16: "f16", torch.bfloat16: "bf16",
            torch.float32: "f32"}[dtype]
    g = torch.Generator(device="cuda")
    g.manual_seed(5)
    X = torch.rand((n, d), generator=g, device="cuda").to(dtype)
    C = torch.rand((k, d), generator=g, device="cuda").to(dtype)
    # Exact ties across candidate parts: rows equal to a candidate that is
    # duplicated at a far index.
    C[k - 1] = C[3]
    X[:64] = C[3]
    X[64:128] = C[k // 2 + 1]
    labs, launchers = [], []
    for dir_ in (old_dir, new_dir):
        lab = torch.full((n,), -7, dtype=torch.int64, device="cuda")
        with open(os.path.join(dir_, name + ".ptx"), "rb") as f:
            launchers.append(bench.FusecLauncher(
                rt, rt.create(f.read(), 0), torch, [X, C, lab],
                [code, code, "i64"]))
        labs.append(lab)
    for L in launchers:
        for _ in range(3):
            L.launch()
    torch.cuda.synchronize()
    same = torch.equal(labs[0], labs[1])
    if os.environ.get("NOREF"):
        mism = [-1, -1]
    else:
        ref = torch.cdist(X.double(), C.double()).argmin(1)
        mism = [int((lab != ref).sum()) for lab in labs]
    E = torch.cuda.Event
    times = [[], []]
    torch.cuda._sleep(int(2e6))
    ev = []
    for i in range(reps):
        for j, L in enumerate(launchers):
            flush.fill_(i)
            s, e = E(enable_timing=True), E(enable_timing=True)
            s.record()
            L.launch()
            e.record()
            ev.append((j, s, e))
    torch.cuda.synchronize()
    for j, s, e in ev:
        times[j].append(s.elapsed_time(e) * 1e3)
    med = [statistics.median(t) for t in times]
    print("%-48s old %7.2f us  new %7.2f us  new/old %.3f  labels %s  "
          "mismatches vs f64 old %d new %d (ties at rows 0-127)" % (
              name, med[0], med[1], med[1] / med[0],
              "equal" if same else "DIFFER", mism[0], mism[1]))
    if not same:
        failed += 1
        rows = (labs[0] != labs[1]).nonzero().flatten()
        diff = rows[:8].tolist()
        print("  first differing rows:", diff,
              labs[0][diff].tolist(), labs[1][diff].tolist())
        # How close each differing row's two candidates are in float64.
        Xd = X[rows].double()
        d0 = ((Xd - C[labs[0][rows]].double()) ** 2).sum(1)
        d1 = ((Xd - C[labs[1][rows]].double()) ** 2).sum(1)
        gap = ((d0 - d1).abs() / d0.clamp_min(1e-300)).max().item()
        print("  %d rows differ; largest relative float64 gap between the "
              "two labels' distances: %.3g" % (rows.numel(), gap))
    for L in launchers:
        L.destroy()
sys.exit(1 if failed else 0)
