#!/usr/bin/env python3
"""Session 34: the certified bound's MMA term against an emulation of the
tensor cores' 3xTF32 accumulation, on the CPU (pure Python, no GPU).

The emulation follows the hardware model that the bound assumes
(docs/tensor-cores.md): each k8 MMA adds 8 exact products of TF32 values
to the f32 accumulator, every term aligned to the largest one's exponent
and truncated to 24 bits below it, then the sum truncated to f32. The TF32
parts are fusec's (splitTf32): big = x rounded to 10 mantissa bits (ties
away), small = x - big in f32, which the MMA reads truncated to TF32;
3 MMAs a k8 step (small.big, big.small, big.big). Two orders:
- "chain": one accumulator over all d features (session 33);
- "slices": every slice of 32 features from zero, its sum added to a
  running f32 sum (round to nearest), as the kernel does since session 34.
For every pair it prints the largest |g - exact| / (u S), with
g the emulated y . c, exact its float64 value, S = sqrt(ny nc) as the
bound's, against the bound's MMA and split terms (per one term of v):
chain 9 d + 24, slices 9 f + slices - 1 + 24. A ratio above 1 would mean
the bound does not cover the model.

    python3 fold_bound.py   (env D, PAIRS, SEED)
"""
import math
import os
import random
import struct

U = 2.0 ** -24


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def bits(v):
    return struct.unpack("I", struct.pack("f", v))[0]


def from_bits(b):
    return struct.unpack("f", struct.pack("I", b & 0xFFFFFFFF))[0]


def tf32_round(v):
    return from_bits((bits(v) + 0x1000) & 0xFFFFE000)


def tf32_trunc(v):
    return from_bits(bits(v) & 0xFFFFE000)


def split(v):
    big = tf32_round(v)
    return big, tf32_trunc(f32(v - big))


def trunc_to(v, quantum):
    return math.copysign(math.floor(abs(v) / quantum) * quantum, v)


def mma(acc, products):
    terms = [acc] + products
    largest = max(abs(t) for t in terms)
    if largest == 0:
        return 0.0
    quantum = 2.0 ** (math.frexp(largest)[1] - 24)
    total = sum(trunc_to(t, quantum) for t in terms)
    if total == 0:
        return 0.0
    return trunc_to(total, 2.0 ** (math.frexp(total)[1] - 24))


def emulate(y, c, slice_features):
    yp = [split(v) for v in y]
    cp = [split(v) for v in c]
    running = 0.0
    acc = 0.0
    for k0 in range(0, len(y), 8):
        if slice_features and k0 and k0 % slice_features == 0:
            running = f32(running + acc)
            acc = 0.0
        idx = range(k0, min(k0 + 8, len(y)))
        for a, b in ((1, 0), (0, 1), (0, 0)):
            acc = mma(acc, [yp[i][a] * cp[i][b] for i in idx])
    return f32(running + acc) if slice_features else acc


def main():
    d = int(os.environ.get("D", "512"))
    pairs = int(os.environ.get("PAIRS", "40"))
    rng = random.Random(int(os.environ.get("SEED", "7")))
    slices = -(-d // 32)
    budget = {"chain": 9 * d + 24, "slices": 9 * 32 + slices - 1 + 24}
    worst = {"chain": 0.0, "slices": 0.0}
    # Uniform [0, 1) data measured from a small origin (the probe's), and
    # all-positive data far from the origin, whose partial sums only grow.
    for case in ("uniform", "offset"):
        for _ in range(pairs):
            if case == "uniform":
                x = [f32(rng.random()) for _ in range(d)]
                mu = f32(0.5)
                y = [f32(v - mu) for v in x]
            else:
                y = [f32(10 + rng.random()) for _ in range(d)]
            c = [f32(rng.random() * (1 + 99 * (case == "offset")))
                 for _ in range(d)]
            exact = math.fsum(a * b for a, b in zip(y, c))
            s = math.sqrt(math.fsum(a * a for a in y) *
                          math.fsum(b * b for b in c))
            for order, sf in (("chain", 0), ("slices", 32)):
                err = abs(emulate(y, c, sf) - exact) / (U * s)
                worst[order] = max(worst[order], err)
        print("d=%d %s: worst |g - exact| / (u S): chain %.2f (bound %d, "
              "%.4f of it), slices %.2f (bound %d, %.4f of it)" % (
                  d, case, worst["chain"], budget["chain"],
                  worst["chain"] / budget["chain"], worst["slices"],
                  budget["slices"], worst["slices"] / budget["slices"]))
        worst = {"chain": 0.0, "slices": 0.0}


if __name__ == "__main__":
    main()
