#!/usr/bin/env python3
"""Experiment: where do fusec's Gram labels part from torch eager Gram's?
1. torch's row-sum order, emulated with elementwise f32 adds, bit for bit?
2. fusec's Gram kernel fed torch's own norms: does x . c match cuBLAS?
"""
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import bench  # noqa: E402

out = os.environ.get("OUT", "/tmp")
res = {}


def tree_lanes(t):  # shfl_down offsets 1, 2, 4, ...: adjacent pairs
    while t.shape[-1] > 1:
        t = t[..., 0::2] + t[..., 1::2]
    return t[..., 0]


def torch_order_vec4(sq):  # thread tx: 4*tx + 128*i + l, 4 lane sums
    n, d = sq.shape
    v = sq.view(n, d // 128, 32, 4)
    a = v[:, 0]
    for i in range(1, v.shape[1]):
        a = a + v[:, i]
    b = ((a[..., 0] + a[..., 1]) + a[..., 2]) + a[..., 3]
    return tree_lanes(b)


def torch_order_scalar(sq):  # list i: tx + 32*i + 128*j, 4 lists
    n, d = sq.shape
    v = sq.view(n, d // 128, 4, 32)
    a = v[:, 0]
    for j in range(1, v.shape[1]):
        a = a + v[:, j]
    b = ((a[:, 0] + a[:, 1]) + a[:, 2]) + a[:, 3]
    return tree_lanes(b)


def exact(sq_src):
    return (sq_src.double() * sq_src.double()).sum(1).float()


def check_order(name, x):
    sq = x * x
    want = sq.sum(1)
    r = {}
    for label, fn in (("vec4", torch_order_vec4),
                      ("scalar4", torch_order_scalar)):
        got = fn(sq)
        r[label] = float((got == want).float().mean())
    r["exact"] = float((exact(x) == want).float().mean())
    res["order_" + name] = r
    print(name, r, flush=True)


g = torch.Generator(device="cuda")
g.manual_seed(1234)
for n, d in ((4096, 512), (8192, 8192), (4096, 16384)):
    check_order("%dx%d" % (n, d),
                torch.rand((n, d), generator=g, device="cuda"))

rt = bench.FusecRuntime(sys.argv[1])


def program(path):
    with open(path, "rb") as f:
        return rt.create(f.read(), 0)


def run(prog_path, tensors, dtypes, reps=3):
    prog = program(prog_path)
    L = bench.FusecLauncher(rt, prog, torch, tensors, dtypes)
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(
            enable_timing=True)
        s.record()
        L.launch()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    L.destroy()
    return statistics.median(times)


n, k, d = 131072, 8192, 8192
X = torch.rand((n, d), generator=g, device="cuda")
C = torch.rand((k, d), generator=g, device="cuda")
lt = bench.torch_gram(X, C)
xx = (X * X).sum(1, keepdim=True)
cc = (C * C).sum(1)
xxe = exact(X).view(n, 1)
cce = exact(C)
lab = torch.empty(n, dtype=torch.int64, device="cuda")


def count(tag, labels):
    dis = int((labels != lt).sum())
    res[tag] = dis
    print(tag, dis, flush=True)


t = run(sys.argv[2] + "/gram.ptx", [X, C, lab], ["f32", "f32", "i64"])
res["gram_ms"] = t
count("gram_vs_torch", lab)
t = run(sys.argv[2] + "/gin.ptx", [X, C, xx, cc, lab],
        ["f32", "f32", "f32", "f32", "i64"])
res["gin_ms"] = t
count("gin_torchnorms_vs_torch", lab)
run(sys.argv[2] + "/gin.ptx", [X, C, xxe, cce, lab],
    ["f32", "f32", "f32", "f32", "i64"], reps=1)
count("gin_exactnorms_vs_torch", lab)
# torch with exact norms against torch: the norms' own effect
xc = X @ C.T
count("torch_exactnorms_vs_torch", ((xxe + cce) - 2.0 * xc).argmin(1))
del xc
print(json.dumps(res, indent=1))
with open(os.path.join(out, "agree.json"), "w") as f:
    json.dump(res, f, indent=1)
