#!/usr/bin/env python3
"""One call each of cuBLAS fp16 X @ C.T (into a preallocated output) and
fusec's sample-heavy-f16 kernel, for Nsight Compute's counters.
usage: ncu-f16-once.py RUNTIME KERNEL.ptx   (env N, default 131072)"""
import os, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
n, k, d = int(os.environ.get("N", "131072")), 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda").half()
C = torch.rand((k, d), generator=g, device="cuda").half()
Y = torch.empty((n, k), dtype=torch.half, device="cuda")
lab = torch.empty(n, dtype=torch.int64, device="cuda")
with open(sys.argv[2], "rb") as f:
    fus = bench.FusecLauncher(rt, rt.create(f.read(), 0), torch, [X, C, lab],
                              ["f16", "f16", "i64"])
torch.mm(X, C.T, out=Y)
fus.launch()
torch.cuda.synchronize()
