#!/usr/bin/env python3
"""sample-heavy's tf32 wgmma kernel before and after the warp-uniform
warpgroup index (version 22 / 23), interleaved with cuBLAS SGEMM alone (TF32
off), and whether their labels agree.
usage: tf32-ab.py RUNTIME OLD.ptx NEW.ptx   (env ROUNDS, ORDER)"""
import json, os, statistics, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

torch.backends.cuda.matmul.allow_tf32 = False
rt = bench.FusecRuntime(sys.argv[1])
n, k, d = 131072, 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda")
C = torch.rand((k, d), generator=g, device="cuda")
L, labels = {}, {}
for tag, path in (("v22", sys.argv[2]), ("v23", sys.argv[3])):
    with open(path, "rb") as f:
        prog = rt.create(f.read(), 0)
    labels[tag] = torch.empty(n, dtype=torch.int64, device="cuda")
    L[tag] = bench.FusecLauncher(rt, prog, torch, [X, C, labels[tag]],
                                 ["f32", "f32", "i64"]).launch
    L[tag]()
torch.cuda.synchronize()


def timed(fn):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); fn(); e.record(); e.synchronize()
    return s.elapsed_time(e)


order = os.environ.get("ORDER", "sgemm,v22,v23").split(",")
impls = dict(L, sgemm=lambda: X @ C.T)
times = {t: [] for t in order}
for r in range(int(os.environ.get("ROUNDS", "5"))):
    for t in order:
        times[t].append(timed(impls[t]))
res = {t: dict(ms=statistics.median(v), all=v) for t, v in times.items()}
res["labels_differing"] = int((labels["v22"] != labels["v23"]).sum())
print(json.dumps({t: (round(r["ms"], 3) if isinstance(r, dict) else r) for t, r in res.items()}))
json.dump(res, open(os.path.join(os.environ.get("OUT", "/tmp"), os.environ.get("TAG", "tf32-ab") + ".json"), "w"), indent=1)
