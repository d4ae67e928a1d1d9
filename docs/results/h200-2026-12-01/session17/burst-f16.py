#!/usr/bin/env python3
"""sample-heavy-f16 kernels in the bench's way (a burst of back-to-back
reps) after a rest, each: the first rep (cold clocks) and the median of the
last half (the clock that the power cap allows), with NVML's SM clock and
power sampled every 5 ms during the burst. cuBLAS fp16 X @ C.T alone first,
in the middle and last.
usage: burst-f16.py RUNTIME DIR   (env REPS, REST; DIR holds the PTX files)"""
import ctypes, json, os, statistics, sys, threading, time
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

nvml = ctypes.CDLL("libnvidia-ml.so.1")
assert nvml.nvmlInit_v2() == 0
dev = ctypes.c_void_p()
assert nvml.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(dev)) == 0


class Sampler(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.clk, self.mw = False, [], []

    def run(self):
        c, p = ctypes.c_uint(), ctypes.c_uint()
        while not self.stop:
            if nvml.nvmlDeviceGetClockInfo(dev, 1, ctypes.byref(c)) == 0:
                self.clk.append(c.value)
            if nvml.nvmlDeviceGetPowerUsage(dev, ctypes.byref(p)) == 0:
                self.mw.append(p.value)
            time.sleep(0.005)


rt = bench.FusecRuntime(sys.argv[1])
kdir = sys.argv[2]
n, k, d = 131072, 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda").half()
C = torch.rand((k, d), generator=g, device="cuda").half()
xx = (X.float() ** 2).sum(1, keepdim=True)
cc = (C.float() ** 2).sum(1)
Y = torch.empty((n, k), dtype=torch.half, device="cuda")
given = {"xx": xx, "cc": cc}
variants = [("plain-v22", []), ("plain-stages3", []), ("plain-np-c1", []),
            ("plain-np-c2", []), ("plain-split2", []), ("plain-split6", []),
            ("plain-split8", []), ("ginxx-split4", ["xx"]),
            ("gincc-split4", ["cc"]), ("gin-split4", ["xx", "cc"])]
if os.environ.get("VARIANTS"):  # tags of kernels given X, C and the labels
    variants = [(t, []) for t in os.environ["VARIANTS"].split(",")]
impls = {"cublas": lambda: torch.mm(X, C.T, out=Y)}
labels = {}
for tag, extra in variants:
    path = os.path.join(kdir, tag + ".ptx")
    if not os.path.exists(path):
        continue
    with open(path, "rb") as f:
        prog = rt.create(f.read(), 0)
    lab = torch.empty(n, dtype=torch.int64, device="cuda")
    labels[tag] = lab
    impls[tag] = bench.FusecLauncher(
        rt, prog, torch, [X, C] + [given[e] for e in extra] + [lab],
        ["f16", "f16"] + ["f32"] * len(extra) + ["i64"]).launch
for fn in impls.values():
    fn()
torch.cuda.synchronize()
reps, rest = int(os.environ.get("REPS", "20")), float(os.environ.get("REST", "4"))


def burst(name):
    time.sleep(rest)
    s = Sampler(); s.start()
    ev = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); impls[name](); b.record()
        ev.append((a, b))
    torch.cuda.synchronize()
    s.stop = True; s.join()
    ms = [a.elapsed_time(b) for a, b in ev]
    half = len(s.clk) // 2
    return dict(first=ms[0], steady=statistics.median(ms[len(ms) // 2:]),
                all=[round(m, 3) for m in ms],
                clk_steady=statistics.mean(s.clk[half:]) if s.clk else None,
                clk_max=max(s.clk) if s.clk else None,
                watts_steady=statistics.mean(s.mw[half:]) / 1000 if s.mw else None)


order = ["cublas"] + [t for t, _ in variants if t in impls]
mid = len(order) // 2
order = order[:mid] + ["cublas"] + order[mid:] + ["cublas"]
res = []
for name in order:
    r = burst(name)
    r["name"] = name
    if name in labels:
        r["labels_differing_from_plain_v22"] = int((labels[name] != labels["plain-v22"]).sum())
    res.append(r)
    print("%-14s first %7.3f steady %7.3f ms  clk %6.0f MHz  %5.0f W  diff %s" % (
        name, r["first"], r["steady"], r["clk_steady"] or 0, r["watts_steady"] or 0,
        r.get("labels_differing_from_plain_v22")), flush=True)
json.dump(res, open(os.path.join(os.environ.get("OUT", "/tmp"), "burst-f16.json"), "w"), indent=1)
