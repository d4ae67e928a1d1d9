#!/usr/bin/env python3
"""Session 33: how large the tensor cores' 3xTF32 accumulation error is
against the MMA term of --precision=3xtf32-certified's bound.

On the probe's data (uniform [0, 1), rows measured from mu, the mean of the
first candidate's first 32 features) it splits y = x - mu and c into TF32
big parts and f32 small parts as fusec does, computes big.big + big.small +
small.big with torch's TF32 matmul (cuBLAS on the same tensor cores, its
own k order), and compares with the exact y . c (float64 of the f32
operands). Prints the largest |error| as a fraction of the bound's MMA
term, 9 d u S per pair (12 ulps of S for each of 3 d / 8 MMAs), with S the
exact sum |y_i| |c_i| and with fusec's S = sqrt(ny nc).

    python3 mma_error.py   (env N, K, D)
"""
import os

import torch

n, k, d = (int(os.environ.get(v, dflt)) for v, dflt in
           (("N", "4096"), ("K", "256"), ("D", "512")))
g = torch.Generator(device="cuda")
g.manual_seed(7)
x = torch.rand((n, d), generator=g, device="cuda")
c = torch.rand((k, d), generator=g, device="cuda")
mu = c[0, :32].mean()
y = x - mu


def split(t):
    bits = t.view(torch.int32)
    big = ((bits + 0x1000) & -0x2000).view(torch.float32)
    return big, t - big


yb, ys = split(y)
cb, cs = split(c)
torch.backends.cuda.matmul.allow_tf32 = True
approx = (yb @ cb.T + yb @ cs.T) + ys @ cb.T
exact = y.double() @ c.double().T
err = (approx.double() - exact).abs()
u = 2.0 ** -24
s_exact = y.double().abs() @ c.double().abs().T
s_cs = (y.double().pow(2).sum(1, keepdim=True).sqrt() *
        c.double().pow(2).sum(1).sqrt())
for name, s in (("sum |y||c|", s_exact), ("sqrt(ny nc)", s_cs)):
    ratio = err / (9 * d * u * s)
    print("n=%d k=%d d=%d: max |error| / (9 d u S), S = %s: %.3g (median "
          "%.3g); max |error| / (u S): %.3g" % (
              n, k, d, name, ratio.max().item(), ratio.median().item(),
              (err / (u * s)).max().item()))
