#!/usr/bin/env python3
"""One call each of sample-heavy's tf32 wgmma kernel before and after the
warp-uniform warpgroup index, for Nsight Compute.
usage: ncu-tf32-once.py RUNTIME OLD.ptx NEW.ptx   (env N, default 32768)"""
import os, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
n, k, d = int(os.environ.get("N", "32768")), 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda")
C = torch.rand((k, d), generator=g, device="cuda")
lab = torch.empty(n, dtype=torch.int64, device="cuda")
for path in sys.argv[2:]:
    with open(path, "rb") as f:
        bench.FusecLauncher(rt, rt.create(f.read(), 0), torch, [X, C, lab],
                            ["f32", "f32", "i64"]).launch()
torch.cuda.synchronize()
