#!/usr/bin/python3
"""Session 35: the compensated norm sums' error against the certified
bound's new term, on the CPU (numpy float32; an FMA is the exact f64
product and sum rounded to f32).

It sums each vector as the consumers' duty does (lib/Conversion/
TiledRunningMin.cpp, accumulateNorms): slices of 32 features, 4 chains of
FMAs from zero a slice, joined as a tree, the slice's partial added to the
running sum by TwoSum and its error to the compensation, and the sum and
compensation joined at the end. Terms: x_i^2 (the norms) and mu c_i with
c of either sign (mu . c). It prints the largest |sum - exact| / (u sum
|t_i|) over the vectors against compensatedSumUlps(d, 32) =
min(d, 32) + 6 + slices^2 u 1.01, and against d (the old term).

    /usr/bin/python3 norm_bound.py  (env VECTORS, SEED)
"""
import math
import os

import numpy as np

U = 2.0 ** -24
F32 = np.float32


def fma(a, b, c):
    return F32(float(a) * float(b) + float(c))


def two_sum(a, b):
    s = F32(a + b)
    bp = F32(s - a)
    ap = F32(s - bp)
    return s, F32(F32(a - ap) + F32(b - bp))


def kernel_sum(a, b, f=32, chains=4):
    total, comp = F32(0), F32(0)
    for l0 in range(0, len(a), f):
        sa, sb = a[l0:l0 + f], b[l0:l0 + f]
        n = chains if len(sa) >= 8 else 1
        parts = [F32(0)] * n
        for kk in range(len(sa)):
            parts[kk % n] = fma(sa[kk], sb[kk], parts[kk % n])
        while len(parts) > 1:
            nxt = [F32(parts[i] + parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
            if len(parts) % 2:
                nxt.append(parts[-1])
            parts = nxt
        total, e = two_sum(total, parts[0])
        comp = F32(comp + e)
    return F32(total + comp)


def main():
    rng = np.random.default_rng(int(os.environ.get("SEED", 3)))
    vectors = int(os.environ.get("VECTORS", 40))
    print("| d | data | largest error / (u sum |t|) | new term r | old term d |")
    print("|---|---|---|---|---|")
    for d in (100, 200, 512, 2048, 8192, 16384):
        slices = math.ceil(d / 32)
        r = min(d, 32) + 6 + slices * slices * U * 1.01
        for data in ("uniform squares", "decreasing squares", "mu c, signed"):
            worst = 0.0
            for _ in range(vectors):
                if data == "uniform squares":
                    x = rng.random(d, dtype=np.float32)
                    a, b = x, x
                elif data == "decreasing squares":
                    # Large terms first: every later add rounds at the
                    # largest partial sum.
                    x = (rng.random(d) * np.exp(-np.arange(d) / (d / 8))
                         + 1).astype(np.float32)
                    a, b = x, x
                else:
                    c = (rng.random(d) * 2 - 1).astype(np.float32)
                    mu = F32(rng.random() + 0.5)
                    a, b = np.full(d, mu, dtype=np.float32), c
                terms = [float(p) * float(q) for p, q in zip(a, b)]
                exact = math.fsum(terms)
                mag = math.fsum(abs(t) for t in terms)
                err = abs(float(kernel_sum(a, b)) - exact) / (U * mag)
                worst = max(worst, err)
            print(f"| {d} | {data} | {worst:.3f} | {r:.2f} | {d} |", flush=True)


main()
