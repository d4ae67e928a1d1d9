#!/usr/bin/env python3
"""The Gram kernel with its norms in the slice loop's duty (versions 20 and
21) against the same kernel fed its norms (test/Conversion/Inputs/
gram_given_norms.mlir at 8192 x 8192), interleaved rounds in one process,
cuBLAS X @ C.T alone beside them. With NCU=1 each kernel is launched once
(for Nsight Compute). usage: gin-ab.py RUNTIME PTXDIR [GIVEN.ptx...]   (env N, ROUNDS): each
GIVEN.ptx is a variant of the norms-passed-in kernel, timed beside them."""
import os, statistics, sys, json
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import bench  # noqa: E402
bench.torch = torch

rt = bench.FusecRuntime(sys.argv[1])
pdir = sys.argv[2]
n, k, d = int(os.environ.get("N", "131072")), 8192, 8192
g = torch.Generator(device="cuda")
g.manual_seed(7)
X = torch.rand((n, d), generator=g, device="cuda")
C = torch.rand((k, d), generator=g, device="cuda")
# Norms rounded once from float64 sums (what a pre-pass would give).
xx = (X.double() ** 2).sum(1, keepdim=True).float()
cc = (C.double() ** 2).sum(1).float()
lab = torch.empty(n, dtype=torch.int64, device="cuda")
kernels = {
    "v20": ("gram-v20", [X, C, lab], ["f32", "f32", "i64"]),
    "v21": ("gram-v21", [X, C, lab], ["f32", "f32", "i64"]),
    "given": ("gram-given-norms", [X, C, xx, cc, lab],
              ["f32", "f32", "f32", "f32", "i64"]),
}
by_args = {3: kernels["v20"], 4: ("", [X, C, cc, lab],
                                   ["f32", "f32", "f32", "i64"]),
           5: kernels["given"]}
for path in sys.argv[3:]:
    with open(path) as f:
        head = json.loads(f.readline()[len("// fusec-launch: "):])
    sig = by_args[len(head["args"])]
    kernels[os.path.basename(path).split(".")[0]] = (path, sig[1], sig[2])
L = {}
for tag, (name, tensors, dtypes) in kernels.items():
    path = name if name.endswith(".ptx") else os.path.join(
        pdir, name + ".sample-heavy.ptx")
    with open(path, "rb") as f:
        L[tag] = bench.FusecLauncher(rt, rt.create(f.read(), 0), torch,
                                     tensors, dtypes)
    L[tag].launch()
    torch.cuda.synchronize()
if os.environ.get("NCU"):
    sys.exit(0)
lt = bench.torch_gram(X, C)
agree = {}
for tag, l in L.items():
    l.launch()
    torch.cuda.synchronize()
    agree[tag] = int((lab != lt).sum())
del lt
torch.cuda.empty_cache()
print("disagreements with torch eager Gram:", agree, flush=True)
times = {t: [] for t in ["cublas"] + list(L)}


def timed(fn):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); fn(); e.record(); e.synchronize()
    return s.elapsed_time(e)


for r in range(int(os.environ.get("ROUNDS", "3"))):
    times["cublas"].append(timed(lambda: X @ C.T))
    for t, l in L.items():
        times[t].append(timed(l.launch))
res = {t: dict(ms=statistics.median(v), all=v, disagree=agree.get(t))
       for t, v in times.items()}
print(json.dumps({t: round(x["ms"], 2) for t, x in res.items()}), flush=True)
with open(os.path.join(os.environ.get("OUT", "/tmp"), "gin-ab.json"), "w") as f:
    json.dump(res, f, indent=1)
