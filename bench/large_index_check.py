#!/usr/bin/env python3
"""The n*d > 2^31 case of the GPU tests: fusec's naive assignment on
x of 4194311 x 512 fp32 (2.15e9 elements, 8 GiB) and 16 centroids, checked
against torch in float64 (computed in chunks). Needs torch and the fusec
binary (static) and libfusec_runtime.so.
"""
import argparse
import ctypes
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Arg(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_uint64), ("dtype", ctypes.c_int),
                ("rank", ctypes.c_int), ("shape", ctypes.POINTER(ctypes.c_int64))]


class Stats(ctypes.Structure):
    _fields_ = [("temp_bytes", ctypes.c_uint64), ("kernels", ctypes.c_uint32),
                ("memsets", ctypes.c_uint32)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fusec", required=True)
    ap.add_argument("--runtime", required=True)
    ap.add_argument("--n", type=int, default=4194311)
    args = ap.parse_args()
    import torch

    k, d, n = 16, 512, args.n
    assert n * d > 2**31
    with open(os.path.join(ROOT, "examples", "naive_argmin.mlir")) as f:
        text = f.read().replace("256", str(k))
    ptx_path = "/tmp/large_index.ptx"
    subprocess.run([args.fusec, "-", "-o", ptx_path, f"--expected-rows={n}"],
                   input=text.encode(), check=True)
    ptx = open(ptx_path, "rb").read() + b"\0"

    rt = ctypes.CDLL(args.runtime)
    rt.fusec_rt_program_create.argtypes = [
        ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
        ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_char_p)]
    rt.fusec_rt_program_launch.argtypes = [
        ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
        ctypes.POINTER(Stats), ctypes.POINTER(ctypes.c_char_p)]
    prog = ctypes.c_void_p()
    err = ctypes.c_char_p()
    if rt.fusec_rt_program_create(ptx, None, 0, ctypes.byref(prog), ctypes.byref(err)):
        print("program_create failed:", err.value.decode())
        return 1
    g = torch.Generator(device="cuda").manual_seed(5)
    x = torch.rand((n, d), device="cuda", generator=g) * 2 - 1
    c = torch.rand((k, d), device="cuda", generator=g) * 2 - 1
    labels = torch.empty(n, dtype=torch.int64, device="cuda")
    shapes = [(ctypes.c_int64 * 2)(n, d), (ctypes.c_int64 * 2)(k, d),
              (ctypes.c_int64 * 1)(n)]
    F32, I64 = 2, 6
    argv = (Arg * 3)(Arg(x.data_ptr(), F32, 2, shapes[0]),
                     Arg(c.data_ptr(), F32, 2, shapes[1]),
                     Arg(labels.data_ptr(), I64, 1, shapes[2]))
    stats = Stats()
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    if rt.fusec_rt_program_launch(prog, 3, argv, stream, ctypes.byref(stats),
                                  ctypes.byref(err)):
        print("launch failed:", err.value.decode())
        return 1
    torch.cuda.synchronize()
    c64 = c.double()
    cc = (c64 * c64).sum(1)
    mismatches = near = 0
    for start in range(0, n, 1 << 20):
        xs = x[start:start + (1 << 20)].double()
        dist = (xs * xs).sum(1, keepdim=True) - 2 * xs @ c64.T + cc
        ref = dist.argmin(1)
        got = labels[start:start + (1 << 20)]
        bad = (ref != got).nonzero().flatten()
        for i in bad.tolist():
            dr, dg = dist[i, ref[i]].item(), dist[i, got[i]].item()
            if abs(dg - dr) <= 1e-5 * max(1.0, abs(dr)):
                near += 1
            else:
                mismatches += 1
    last = labels[-1].item()
    print(f"large-index: n={n} d={d} n*d={n * d} (> 2^31), k={k}: "
          f"{mismatches} mismatches, {near} near-ties vs float64; last label {last}")
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
