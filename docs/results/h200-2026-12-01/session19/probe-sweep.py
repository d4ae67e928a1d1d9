import itertools, json, os, subprocess, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
fusec = "build/bin/fusec"
entries = []
def add(name, prec, flags):
    ptx = os.path.join(out, name + ".ptx")
    r = subprocess.run([fusec, "examples/gemm_argmin.mlir", "--expected-rows=4096",
                        "--precision=" + prec, "-o", ptx] + flags,
                       capture_output=True, text=True)
    if r.returncode:
        print("skip", name, r.stderr.strip().splitlines()[-1][:150]); return
    entries.append(dict(name=name, ptx=name + ".ptx", dtype="f32",
                        precision=prec.replace("-recheck", ""), k=256, d=512,
                        rows=[[4096, False]]))
for prec in ["3xtf32", "tf32"]:
    add(f"{prec}-auto-wgmma", prec, ["--arch=sm_90a"])
    add(f"{prec}-auto-mma", prec, [])
    for cl, tm, tn, sp, st in itertools.product([0, 1], [64, 128], [64, 128, 256], [1, 2, 4, 8], [0, 3, 4]):
        if tn * sp > 256: continue
        flags = ["--arch=sm_90a", f"--cluster={cl}", f"--tile-m={tm}", f"--tile-n={tn}", f"--split={sp}"]
        if st: flags.append(f"--stages={st}")
        add(f"{prec}-c{cl}-{tm}x{tn}-s{sp}-st{st}", prec, flags)
json.dump(dict(entries=entries), open(os.path.join(out, "manifest.json"), "w"), indent=1)
print(len(entries), "kernels")
