#!/usr/bin/env python3
"""The persistent fp16 wgmma kernel (sample-heavy-f16's bench kernel: 4
candidate parts, 132 blocks) at row counts whose work items (row tiles x 4)
fill 30, 31 or 32 rounds of 132 blocks, to see whether its time follows the
rounds or the work; cuBLAS fp16 X @ C.T alone beside it.
usage: f16-tail.py RUNTIME KERNEL.ptx   (env ROUNDS)"""
import json, os, statistics, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
with open(sys.argv[2], "rb") as f:
    ptx = f.read()
k, d = 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
nmax = 135168
X = torch.rand((nmax, d), generator=g, device="cuda").half()
C = torch.rand((k, d), generator=g, device="cuda").half()


def timed(fn):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); fn(); e.record(); e.synchronize()
    return s.elapsed_time(e)


res = {}
sizes = [126720, 130560, 131072, 135168]  # 990, 1020, 1024, 1056 row tiles
L = {}
for n in sizes:
    lab = torch.empty(n, dtype=torch.int64, device="cuda")
    L[n] = bench.FusecLauncher(rt, rt.create(ptx, 0), torch, [X[:n], C, lab],
                               ["f16", "f16", "i64"])
    L[n].launch()
torch.cuda.synchronize()
times = {n: [] for n in sizes}
times["cublas-131072"] = []
for r in range(int(os.environ.get("ROUNDS", "5"))):
    times["cublas-131072"].append(timed(lambda: X[:131072] @ C.T))
    for n in sizes:
        times[n].append(timed(L[n].launch))
for key, v in times.items():
    n = key if isinstance(key, int) else None
    row = dict(ms=statistics.median(v), all=v)
    if n:
        items = -(-n // 128) * 4
        row.update(items=items, rounds=-(-items // 132))
    res[str(key)] = row
print(json.dumps({k: (round(v["ms"], 3), v.get("rounds")) for k, v in res.items()}))
with open(os.path.join(os.environ.get("OUT", "/tmp"), "f16-tail.json"), "w") as f:
    json.dump(res, f, indent=1)
