#!/usr/bin/env python3
"""Session 21: where a fusec call's device time goes between the bench's
events. Times each given Gram program as bench.py does (L2 flushed before
each rep, reps queued behind a GPU spin, CUDA events around the call) and
prints the median. Run under Nsight Systems, the trace then gives every
memset and kernel of each rep; `--report TRACE.csv` reads nsys's
cuda_gpu_trace CSV and prints, per program, the median of each operation's
duration and of the gaps between them.
usage: timeline.py RUNTIME A.ptx [B.ptx ...]      (env N, K, D, REPS)
       timeline.py --report TRACE.csv"""
import csv, os, statistics, sys


def report(path):
    rows = list(csv.DictReader(open(path)))
    ops = []
    for r in rows:
        name = r.get("Name") or r.get("name") or ""
        start = float(r.get("Start (ns)") or r.get("Start") or 0)
        dur = float(r.get("Duration (ns)") or r.get("Duration") or 0)
        ops.append((start, dur, name))
    ops.sort()
    # Reps are separated by the flush (a fill of 256 MiB) and the spin.
    groups, cur, label = {}, [], None
    for start, dur, name in ops:
        if "timeline-mark-" in name:
            continue
        if "fill" in name.lower() and dur > 20000 or "sleep" in name.lower() \
                or "spin" in name.lower():
            if cur:
                groups.setdefault(len(groups), cur)
            cur = []
            continue
        cur.append((start, dur, name))
    if cur:
        groups.setdefault(len(groups), cur)
    # Group the reps by their operation names (one program each).
    byprog = {}
    for g in groups.values():
        key = tuple(n[:40] for _, _, n in g)
        byprog.setdefault(key, []).append(g)
    for key, reps in byprog.items():
        if len(reps) < 3:
            continue
        print("program ops: %s  (%d reps)" % (" | ".join(key), len(reps)))
        for i in range(len(key)):
            d = statistics.median(r[i][1] for r in reps) / 1e3
            line = "  op %d %-40s %8.2f us" % (i, key[i], d)
            if i:
                gap = statistics.median(r[i][0] - (r[i - 1][0] + r[i - 1][1])
                                        for r in reps) / 1e3
                line += "   gap before %6.2f us" % gap
            print(line)
        span = statistics.median(r[-1][0] + r[-1][1] - r[0][0] for r in reps)
        print("  first start to last end: %.2f us" % (span / 1e3))


def main():
    if sys.argv[1] == "--report":
        return report(sys.argv[2])
    import torch
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "bench"))
    import bench
    bench.torch = torch
    rt = bench.FusecRuntime(sys.argv[1])
    n, k, d = (int(os.environ.get(v, dflt)) for v, dflt in
               (("N", "4096"), ("K", "256"), ("D", "512")))
    reps = int(os.environ.get("REPS", "30"))
    g = torch.Generator(device="cuda")
    g.manual_seed(5)
    X = torch.rand((n, d), generator=g, device="cuda")
    C = torch.rand((k, d), generator=g, device="cuda")
    lab = torch.empty(n, dtype=torch.int64, device="cuda")
    flush = torch.empty(64 * 1024 * 1024, dtype=torch.int32, device="cuda")
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            launcher = bench.FusecLauncher(rt, rt.create(f.read(), 0), torch,
                                           [X, C, lab], ["f32", "f32", "i64"])
        for _ in range(3):
            launcher.launch()
        torch.cuda.synchronize()
        E = torch.cuda.Event
        starts = [E(enable_timing=True) for _ in range(reps)]
        ends = [E(enable_timing=True) for _ in range(reps)]
        torch.cuda._sleep(int(2e6))
        for i in range(reps):
            flush.fill_(i)
            starts[i].record()
            launcher.launch()
            ends[i].record()
        torch.cuda.synchronize()
        times = [s.elapsed_time(e) * 1e3 for s, e in zip(starts, ends)]
        print("%s: median %.2f us, min %.2f us (events)" % (
            os.path.basename(path), statistics.median(times), min(times)))
        launcher.destroy()


main()
