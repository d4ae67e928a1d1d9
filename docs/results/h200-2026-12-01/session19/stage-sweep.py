"""The split producer's stages on the probe (run2.sh): the ledger's 128x64
tiles split 4 ways, and 64x64 split 4, at 2-6 stages (3 is the default)."""
import json, os, subprocess, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
entries = []
for prec in ["3xtf32", "3xtf32-recheck"]:
    for shape in [["--tile-m=128", "--tile-n=64"], ["--tile-m=64", "--tile-n=64"]]:
        for st in [2, 3, 4, 5, 6]:
            name = f"{prec}-{shape[0][9:]}x{shape[1][9:]}-s4-st{st}"
            r = subprocess.run(["build/bin/fusec", "examples/gemm_argmin.mlir",
                                "--expected-rows=4096", "--arch=sm_90a", "--cluster=1",
                                "--precision=" + prec, "--split=4", f"--stages={st}",
                                "-o", os.path.join(out, name + ".ptx")] + shape,
                               capture_output=True, text=True)
            if r.returncode:
                print("skip", name, r.stderr.strip().splitlines()[-1][:160])
                continue
            entries.append(dict(name=name, ptx=name + ".ptx", dtype="f32",
                                precision="3xtf32", k=256, d=512,
                                rows=[[4096, False]]))
json.dump(dict(entries=entries), open(os.path.join(out, "manifest.json"), "w"), indent=1)
print(len(entries), "kernels")
