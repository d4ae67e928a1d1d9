#!/usr/bin/env python3
"""A/B: Gram kernels' variants side by side (interleaved rounds), cuBLAS
X @ C.T alone beside them, and each variant's label agreement with torch
eager Gram. usage: ab.py RUNTIME DIR TAG..."""
import glob, json, os, statistics, sys
import torch
# bench/ of the repository (session 16: the path from this directory, and
# bench.torch set, so that it runs from the repository root).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
kdir, tags = sys.argv[2], sys.argv[3:]
shapes = {"sample-heavy": (131072, 8192, 8192), "feature-heavy": (65536, 4096, 16384),
          "centroid-heavy": (65536, 16384, 8192), "3x.sample-heavy": (131072, 8192, 8192)}
only = os.environ.get("SHAPES")
res = {}
g = torch.Generator(device="cuda")
for shape, (n, k, d) in shapes.items():
    if only and shape not in only.split(","):
        continue
    g.manual_seed(7)
    X = torch.rand((n, d), generator=g, device="cuda")
    C = torch.rand((k, d), generator=g, device="cuda")
    lt = bench.torch_gram(X, C)
    lab = torch.empty(n, dtype=torch.int64, device="cuda")
    launchers = {}
    for t in tags:
        p = os.path.join(kdir, "%s.%s.ptx" % (t, shape))
        if os.path.exists(p):
            with open(p, "rb") as f:
                prog = rt.create(f.read(), 0)
            launchers[t] = bench.FusecLauncher(rt, prog, torch, [X, C, lab], ["f32", "f32", "i64"])
    times = {t: [] for t in launchers}
    times["cublas"] = []
    agree = {}
    def timed(fn):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); e.synchronize()
        return s.elapsed_time(e)
    for t, L in launchers.items():  # warm up, labels
        L.launch(); torch.cuda.synchronize()
        agree[t] = int((lab != lt).sum())
    for r in range(int(os.environ.get("ROUNDS", "3"))):
        times["cublas"].append(timed(lambda: X @ C.T))
        for t, L in launchers.items():
            times[t].append(timed(L.launch))
    res[shape] = {t: dict(ms=statistics.median(v), all=v, disagree=agree.get(t)) for t, v in times.items()}
    print(shape, json.dumps({t: (round(x["ms"], 2), x["disagree"]) for t, x in res[shape].items()}), flush=True)
    for L in launchers.values():
        L.destroy()
    del X, C, lt, lab
    torch.cuda.empty_cache()
with open(os.path.join(os.environ.get("OUT", "/tmp"), "ab.json"), "w") as f:
    json.dump(res, f, indent=1)
