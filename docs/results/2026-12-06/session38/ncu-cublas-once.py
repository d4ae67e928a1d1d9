#!/usr/bin/env python3
"""Session 38: one cuBLAS fp16 X @ C^T at sample-heavy-f16's shape
(131072 x 8192 x 8192), for Nsight Compute (the GEMM beside which
issue 8's goal is set; bench/bench.py times the same torch.mm)."""
import torch

x = torch.rand(131072, 8192, device="cuda", dtype=torch.float16)
c = torch.rand(8192, 8192, device="cuda", dtype=torch.float16)
torch.cuda.synchronize()
torch.mm(x, c.t())
torch.cuda.synchronize()
