#!/usr/bin/env python3
"""Is sample-heavy-f16 power-bound? cuBLAS fp16 X @ C.T alone and fusec's
version 22 kernel in bursts of back-to-back reps after a rest, then
alternating, while nvidia-smi logs the SM clock and the power draw.
usage: power-f16.py RUNTIME KERNEL.ptx   (writes $OUT/power-f16.json)"""
import json, os, subprocess, sys, time
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

out = os.environ.get("OUT", "/tmp")
rt = bench.FusecRuntime(sys.argv[1])
n, k, d = 131072, 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(5)
X = torch.rand((n, d), generator=g, device="cuda").half()
C = torch.rand((k, d), generator=g, device="cuda").half()
lab = torch.empty(n, dtype=torch.int64, device="cuda")
with open(sys.argv[2], "rb") as f:
    fus = bench.FusecLauncher(rt, rt.create(f.read(), 0), torch, [X, C, lab],
                              ["f16", "f16", "i64"])
Y = torch.empty((n, k), dtype=torch.half, device="cuda")
impls = {"cublas": lambda: torch.mm(X, C.T, out=Y), "fusec": fus.launch}
for fn in impls.values():
    fn(); fn()
torch.cuda.synchronize()

smi = subprocess.Popen(
    ["nvidia-smi", "--query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,"
     "clocks_event_reasons.active", "--format=csv,noheader,nounits", "-lms", "20"],
    stdout=open(os.path.join(out, "power-f16-smi.csv"), "w"), stderr=subprocess.STDOUT)
time.sleep(1.0)


def burst(order, reps):
    """Queue reps of the implementations in `order` (round-robin), time each."""
    ev = []
    t0 = time.time()
    for _ in range(reps):
        for name in order:
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); impls[name](); e.record()
            ev.append((name, s, e))
    torch.cuda.synchronize()
    t1 = time.time()
    res = {name: [] for name in order}
    for name, s, e in ev:
        res[name].append(round(s.elapsed_time(e), 3))
    return dict(start=t0, end=t1, order=order, ms=res)


log = []
for cycle in range(2):
    for name in ["cublas", "fusec"]:
        time.sleep(4.0)
        log.append(burst([name], 25))
    time.sleep(4.0)
    log.append(burst(["cublas", "fusec"], 15))
    time.sleep(4.0)
    log.append(burst(["fusec", "cublas"], 15))
time.sleep(0.5)
smi.terminate()
for b in log:
    print(b["order"], {k: (min(v), sorted(v)[len(v) // 2], v[:3], v[-3:]) for k, v in b["ms"].items()})
json.dump(log, open(os.path.join(out, "power-f16.json"), "w"), indent=1)
