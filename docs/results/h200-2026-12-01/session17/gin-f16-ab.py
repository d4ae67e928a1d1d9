#!/usr/bin/env python3
"""How much of the fp16 sample-heavy kernel's time is its norm duty: the
version 22 kernel beside kernels of the same schedule that are given the row
norms, the candidate norms or both (computed once by torch, not timed), and
cuBLAS fp16 X @ C.T alone, interleaved in one process.
usage: gin-f16-ab.py RUNTIME DIR   (env ROUNDS; DIR holds the PTX files)"""
import json, os, statistics, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
kdir = sys.argv[2]
n, k, d = 131072, 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda").half()
C = torch.rand((k, d), generator=g, device="cuda").half()
xx = (X.float() ** 2).sum(1, keepdim=True)
cc = (C.float() ** 2).sum(1)
torch.cuda.synchronize()

# tag -> (ptx, operands between C and the labels)
variants = {
    "plain-v22": ("plain-v22.ptx", []),
    "plain-split8": ("plain-split8.ptx", []),
    "gin-split2": ("gin-split2.ptx", ["xx", "cc"]),
    "gin-split4": ("gin-split4.ptx", ["xx", "cc"]),
    "gin-split8": ("gin-split8.ptx", ["xx", "cc"]),
    "gincc-split4": ("gincc-split4.ptx", ["cc"]),
    "ginxx-split4": ("ginxx-split4.ptx", ["xx"]),
}
given = {"xx": xx, "cc": cc}
L, labels = {}, {}
for tag, (ptx, extra) in variants.items():
    path = os.path.join(kdir, ptx)
    if not os.path.exists(path):
        continue
    with open(path, "rb") as f:
        prog = rt.create(f.read(), 0)
    lab = torch.empty(n, dtype=torch.int64, device="cuda")
    labels[tag] = lab
    L[tag] = bench.FusecLauncher(rt, prog, torch,
                                 [X, C] + [given[e] for e in extra] + [lab],
                                 ["f16", "f16"] + ["f32"] * len(extra) + ["i64"])
    L[tag].launch()
torch.cuda.synchronize()


def timed(fn):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); fn(); e.record(); e.synchronize()
    return s.elapsed_time(e)


times = {t: [] for t in ["cublas"] + list(L)}
for r in range(int(os.environ.get("ROUNDS", "7"))):
    times["cublas"].append(timed(lambda: X @ C.T))
    for t in L:
        times[t].append(timed(L[t].launch))
ref = labels["plain-v22"]
res = {}
for t, v in times.items():
    row = dict(ms=statistics.median(v), all=v)
    if t in labels:
        row["labels_differing_from_plain_v22"] = int((labels[t] != ref).sum())
    res[t] = row
print(json.dumps({t: round(r["ms"], 3) for t, r in res.items()}))
print(json.dumps({t: r.get("labels_differing_from_plain_v22") for t, r in res.items()}))
with open(os.path.join(os.environ.get("OUT", "/tmp"), "gin-f16-ab.json"), "w") as f:
    json.dump(res, f, indent=1)
