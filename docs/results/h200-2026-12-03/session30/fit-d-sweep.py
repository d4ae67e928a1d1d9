#!/usr/bin/env python3
"""Session 30: least-squares lines through the probe's d sweeps (run1.sh,
run2.sh; bench/ab.py medians in us, 4096 rows, 256 candidates). The slope
gives each kernel's fraction of the tensor rate over its blocks' path; the
intercept what a call costs beyond it."""
D = [128, 256, 512, 1024, 2048]
SWEEPS = {  # name: (kind, tile rows, tile candidates, MMA passes, times)
    "128x256 tf32": ("tf32", 128, 256, 1, [10.94, 14.21, 20.93, 34.29, 60.93]),
    "128x256 f16": ("f16", 128, 256, 1, [9.55, 11.82, 15.71, 22.96, 37.81]),
    "128x256 bf16": ("bf16", 128, 256, 1, [9.14, 11.41, 15.62, 23.52, 39.47]),
    "128x128 s2 tf32": ("tf32", 128, 128, 1, [9.38, 12.80, 19.23, 31.86, 58.16]),
    "128x128 s2 f16": ("f16", 128, 128, 1, [8.67, 10.40, 14.00, 20.64, 34.08]),
    "128x128 s2 bf16": ("bf16", 128, 128, 1, [8.24, 9.63, 13.57, 20.14, 33.78]),
    "64x128 s2 3xtf32": ("tf32", 64, 128, 3, [10.78, 13.67, 19.45, 31.32, 56.63]),
}
RATE = {"tf32": 385e12, "f16": 770e12, "bf16": 770e12}
SLOTS = 132


def line(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    m = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum(
        (x - mx) ** 2 for x in xs)
    return my - m * mx, m


for name, (kind, bm, bn, passes, ts) in SWEEPS.items():
    b, m = line(D, ts)
    # One tile a block: its FLOPs per feature at the rate one slot gets.
    per_feature_us = bm * bn * 2 * passes * SLOTS / RATE[kind] * 1e6
    err = max(abs(b + m * x - t) / t for x, t in zip(D, ts))
    print(f"{name:18s} intercept {b:5.2f} us  slope {m * 512:5.2f} us per 512 "
          f"features  fraction {per_feature_us / m:.3f}  worst residual "
          f"{err * 100:.1f}%")
