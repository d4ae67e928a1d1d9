#!/usr/bin/env python3
"""Session 21: how many clusters of a kernel the H200 runs at once
(cuOccupancyMaxActiveClusters through cuda-python), for each given PTX
(its first entry, the launch description's block and shared bytes).
usage: clusters.py A.ptx [B.ptx ...]"""
import json, sys
import torch  # noqa: F401  (initializes the primary context)
torch.zeros(1, device="cuda")
try:
    from cuda.bindings import driver as cu
except ImportError:
    from cuda import cuda as cu


def ok(res):
    err = res[0]
    if int(err) != 0:
        raise RuntimeError(str(err))
    return res[1] if len(res) == 2 else res[1:]


ctx = ok(cu.cuCtxGetCurrent())
for path in sys.argv[1:]:
    ptx = open(path, "rb").read()
    desc = json.load(open(path + ".json"))
    step = [s for s in desc["steps"] if s["kind"] == "launch"][0]
    mod = ok(cu.cuModuleLoadData(ptx + b"\0"))
    fn = ok(cu.cuModuleGetFunction(mod, step["entry"].encode()))
    smem = int(step.get("shared_bytes", 0))
    ok(cu.cuFuncSetAttribute(
        fn, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        smem))
    cfg = cu.CUlaunchConfig()
    cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ = 1024, 8, 1
    cfg.blockDimX = int(step["block"][0])
    cfg.blockDimY = cfg.blockDimZ = 1
    cfg.sharedMemBytes = smem
    cfg.numAttrs = 0
    try:
        n = ok(cu.cuOccupancyMaxActiveClusters(fn, cfg))
    except RuntimeError as e:  # e.g. clusters of 3, which the query refuses
        n = "(query failed: %s)" % e
    blocks = ok(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(
        fn, cfg.blockDimX, smem))
    print("%s: %s active clusters at once; %s blocks a SM without clusters "
          "(block %d, %d bytes of shared memory)" % (
              path.split("/")[-1], n, blocks, cfg.blockDimX, smem))
