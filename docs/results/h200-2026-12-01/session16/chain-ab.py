#!/usr/bin/env python3
"""A/B of fp16 chain kernels under CUDA-graph replay, torch.compile's beside
them, interleaved rounds in one process, bench.py's timer (a GPU spin ahead
of the reps; the L2 flushed before each rep on the large size only, as
bench.py does). Each variant's output is compared with torch's.
usage: chain-ab.py RUNTIME DIR TAG...   (DIR/TAG.ptx)"""
import json, os, statistics, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
kdir, tags = sys.argv[2], sys.argv[3:]
timer = bench.Timer(torch, 0.2)
rounds = int(os.environ.get("ROUNDS", "5"))
res = {}


def graphed(fn):
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, capture_error_mode="relaxed"):
        fn()
    torch.cuda.synchronize()
    return g


compiled = torch.compile(bench.torch_chain, dynamic=False)
sizes = [int(v) for v in os.environ.get("SIZES", "4096,1000000,134217728").split(",")]
for numel, flush in ((4096, False), (1000000, True), (134217728, True)):
    if numel not in sizes:
        continue
    g0 = torch.Generator(device="cuda")
    g0.manual_seed(3)
    x = (torch.rand(numel, generator=g0, device="cuda") * 2 - 1).half()
    want = bench.torch_chain(x)
    outs, graphs, ok = {}, {}, {}
    y_tc = compiled(x)
    torch.cuda.synchronize()
    graphs["torch.compile"] = graphed(lambda: compiled(x))
    for t in tags:
        with open(os.path.join(kdir, t + ".ptx"), "rb") as f:
            prog = rt.create(f.read(), 0)
        y = torch.empty_like(x)
        L = bench.FusecLauncher(rt, prog, torch, [x, y], ["f16", "f16"])
        graphs[t] = graphed(L.launch)
        graphs[t].replay()
        torch.cuda.synchronize()
        ok[t] = bool(torch.equal(y, want))
        outs[t] = (L, y)
    times = {t: [] for t in graphs}
    for r in range(rounds):
        for t, g in graphs.items():
            tm = timer.time_events(g.replay, flush)
            times[t].append(tm["median_ms"] * 1e3)
    res[numel] = {t: dict(us=statistics.median(v), rounds=v, equal=ok.get(t))
                  for t, v in times.items()}
    print(numel, json.dumps({t: (round(x["us"], 3), x["equal"])
                             for t, x in res[numel].items()}), flush=True)
    for L, _ in outs.values():
        L.destroy()
with open(os.path.join(os.environ.get("OUT", "/tmp"), "chain-ab.json"), "w") as f:
    json.dump(res, f, indent=1)
