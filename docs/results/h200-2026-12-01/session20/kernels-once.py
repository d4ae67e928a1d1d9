#!/usr/bin/env python3
"""One call each of the given Gram programs (env N, K, D; default the probe), for Nsight
Compute to time every kernel of them (the recheck's main and merge
entries apart).
usage: kernels-once.py RUNTIME A.ptx [B.ptx ...]   (env N, K, D: default 4096, 256, 512)"""
import os, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
n, k, d = (int(os.environ.get(v, dflt)) for v, dflt in
           (("N", "4096"), ("K", "256"), ("D", "512")))
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda")
C = torch.rand((k, d), generator=g, device="cuda")
lab = torch.empty(n, dtype=torch.int64, device="cuda")
for path in sys.argv[2:] * int(os.environ.get("REPEAT", "1")):
    with open(path, "rb") as f:
        bench.FusecLauncher(rt, rt.create(f.read(), 0), torch, [X, C, lab],
                            ["f32", "f32", "i64"]).launch()
torch.cuda.synchronize()
