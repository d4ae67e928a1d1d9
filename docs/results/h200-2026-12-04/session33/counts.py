#!/usr/bin/env python3
"""Session 33: how many rows of each row tile the certified kernel decides
by the direct form. Runs a kernel built with FUSEC_CERT_COUNT=1 (a build
that stores each tile's count of "two" rows and of "full" rows into the
labels of the tile's rows 0 and 1) on bench/ab.py's inputs.

    python3 counts.py RUNTIME.so KERNEL.ptx   (env N, K, D, BM)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../../bench"))
import ab  # noqa: E402
import bench  # noqa: E402
import torch  # noqa: E402

bench.torch = torch
ab.torch = torch
n, k, d, bm = (int(os.environ[v]) for v in ("N", "K", "D", "BM"))
rt = bench.FusecRuntime(sys.argv[1])
x, c = ab.make_inputs(n, k, d, torch.float32)
lab = torch.full((n,), -7, dtype=torch.int64, device="cuda")
with open(sys.argv[2], "rb") as f:
    launcher = bench.FusecLauncher(rt, rt.create(f.read(), 0), torch,
                                   [x, c, lab], ["f32", "f32", "i64"])
launcher.launch()
torch.cuda.synchronize()
tiles = (n + bm - 1) // bm
two = lab[0::bm][:tiles].cpu()
full = lab[1::bm][:tiles].cpu()
print("%s: %d tiles of %d rows; rows decided by their first two: %d "
      "(%.2f%%), max %d a tile; by every candidate: %d (%.2f%%), max %d a "
      "tile" % (os.path.basename(sys.argv[2]), tiles, bm, int(two.sum()),
                100.0 * float(two.sum()) / n, int(two.max()), int(full.sum()),
                100.0 * float(full.sum()) / n, int(full.max())))
print("  per tile (two, full):", list(zip(two.tolist(), full.tolist()))[:24])
