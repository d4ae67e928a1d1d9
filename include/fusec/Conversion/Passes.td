//===- Passes.td - fusec lowering passes -------------------*- tablegen -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_CONVERSION_PASSES_TD
#define FUSEC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseLowerToLoops : Pass<"fuse-lower-to-loops", "ModuleOp"> {
  let summary = "Lower fused kernels to scf/arith/memref loop nests (CPU)";
  let description = [{
    Rewrites every function made of `fuse.kernel` ops into a function on
    memrefs in destination-passing style: inputs first, then one output
    memref per result, no results, `llvm.emit_c_interface` set. Each kernel
    becomes a loop nest over its outputs whose body computes every value
    of the kernel region at the loop indices (KernelEmitter): reductions
    are loops, running minima loops carrying (best, index), broadcasts
    index changes. Only kernel outputs that are not function results are
    allocated (`memref.alloc`), and each is freed after its last use.

    The result runs on the host through the CPU pipeline
    (`fuse-cpu-pipeline`) and `mlir::ExecutionEngine`.
  }];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "func::FuncDialect", "vector::VectorDialect"];
}

def FuseMapToGPU : Pass<"fuse-map-to-gpu", "ModuleOp"> {
  let summary = "Map fused kernels onto GPU kernels (the schedule)";
  let description = [{
    Turns every `fuse.kernel` of every function into a `gpu.func` of one
    `gpu.module` (target `#nvvm.target` for `arch`) and attaches to the
    function the launch description (`fusec.launch`, JSON, see
    docs/abi.md) that says how to run them.

    Kernel ABI: bare device pointers for the kernel's inputs then outputs,
    then one i64 per dynamic size symbol it needs. Inside, each pointer is
    wrapped into an identity-layout memref; indexing is 64-bit.

    Schedules:
    - a running minimum over a pairwise reduction (nearest centroid, naive
      or Gram form) gets the 2-D tiled schedule: a block owns `tile-m`
      rows, streams candidate tiles of `tile-n` through shared memory in
      slices of `tile-k` features, each thread keeps a `thread-m` x
      `thread-n` register tile and a running (best, index) per row, and a
      warp-shuffle merge finishes each row. When the rows alone cannot
      fill the GPU the candidate axis is split across `split` blocks whose
      partial (best, index) pairs merge with a 64-bit atomic minimum on
      (orderable value bits, index), which keeps the lowest index on ties;
      a tiny second entry then unpacks the labels.
    - elementwise kernels get a grid-stride loop with 16-byte vector loads
      and stores;
    - any other kernel computes one output element per thread
      (grid-stride), with the reductions as loops.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"sm_90\"",
           "GPU architecture (sm_80, sm_86, sm_89, sm_90)">,
    Option<"tileM", "tile-m", "int64_t", /*default=*/"0",
           "Rows per block of the tiled schedule (0: chosen by the ledger)">,
    Option<"tileN", "tile-n", "int64_t", /*default=*/"0",
           "Candidates per shared-memory tile (0: chosen)">,
    Option<"tileK", "tile-k", "int64_t", /*default=*/"0",
           "Features per shared-memory slice (0: chosen)">,
    Option<"split", "split", "int64_t", /*default=*/"0",
           "Blocks that share one row tile's candidates (0: chosen)">,
    Option<"precision", "precision", "std::string", /*default=*/"\"ieee\"",
           "How f32 products of the Gram form run: ieee (FMA units), tf32 "
           "or 3xtf32 (tensor cores); f16/bf16 ones always use tensor cores">,
    Option<"certifyWhereFaster", "certify-where-faster", "bool",
           /*default=*/"false",
           "With precision=3xtf32-certified: a kernel the byte ledger "
           "predicts no faster than the FMA kernel is an error (what "
           "--precision=auto's trial compile asks)">,
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "Device profile of the byte ledger's schedule model (h200, l4 or "
           "a JSON file)">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Report each schedule decision as a remark">,
    Option<"minBlocks", "min-blocks", "int64_t", /*default=*/"0",
           "Resident blocks per SM the tiled kernel's launch bounds request "
           "(0: chosen)">,
    Option<"threadM", "thread-m", "int64_t", /*default=*/"0",
           "Rows of each thread's register tile (0: chosen)">,
    Option<"threadN", "thread-n", "int64_t", /*default=*/"0",
           "Candidates of each thread's register tile (0: chosen)">,
    Option<"expectedRows", "expected-rows", "int64_t", /*default=*/"0",
           "Row count the split decision assumes for a dynamic row axis">,
    Option<"stages", "stages", "int64_t", /*default=*/"0",
           "Shared-memory slices in flight through cp.async (2-8; 0: "
           "chosen); the FMA schedule's copy 4-byte elements, transposed; "
           "3xTF32's split producer's mbarrier stages (3 if 0)">,
    Option<"cluster", "cluster", "int64_t", /*default=*/"-1",
           "wgmma schedule (sm_90a): -1 chosen; 0 cp.async copies (3xTF32: "
           "register staging); 1 TMA loads (3xTF32: split producer "
           "warpgroups); 2 or 4 TMA loads in clusters of that many blocks, "
           "which multicast the candidate tile (not 3xTF32)">,
    Option<"persistent", "persistent", "int64_t", /*default=*/"-1",
           "TMA schedule without clusters: -1 chosen; 0 one block per row "
           "tile; 1 resident blocks that walk the row tiles and cache the "
           "candidate norms">,
    Option<"clusterSplit", "cluster-split", "int64_t", /*default=*/"-1",
           "Candidate parts of TMA's persistent blocks (sm_90a, at most 8): "
           "-1 chosen (they meet in a cluster's shared memory when every "
           "work unit fits the clusters the GPU holds at once); 0 always "
           "through the labels' atomics (a memset and an unpacking entry); "
           "1 in clusters whenever the schedule can">,
    Option<"compensatedSums", "compensated-sums", "bool", /*default=*/"true",
           "Norms and other sums over the features add each slice's sum by "
           "TwoSum and carry its rounding error (false: plain f32 chains, "
           "3-4% faster on the large Gram shapes, about 10 ulp off)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "vector::VectorDialect", "gpu::GPUDialect",
                           "NVVM::NVVMDialect", "LLVM::LLVMDialect",
                           "nvgpu::NVGPUDialect"];
}

def FuseTensorMapParams : Pass<"fuse-tensor-map-params", "gpu::GPUModuleOp"> {
  let summary = "Pass TMA tensor maps to kernels by value, as grid constants";
  let description = [{
    The wgmma schedule with TMA loads takes a 128-byte CUtensorMap per
    operand after its other parameters, and marks them on the kernel with
    `fusec.tensor_map_args` (the argument numbers): the GPU-to-NVVM
    conversion keeps a kernel's attributes but not its arguments'. After
    that conversion, this pass makes each marked `!llvm.ptr` argument of
    the `llvm.func` a by-value parameter (`llvm.byval` of 128 bytes,
    `llvm.align` 64) with `nvvm.grid_constant`, which is the PTX
    `.param .align 64 .b8 p[128]` that the runtime fills from
    `cuTensorMapEncodeTiled` and whose address the TMA instructions take
    (`cvta.param`). It then drops the marker. An out-of-range argument
    number or an argument that is not a pointer is an error.
  }];
  let dependentDialects = ["LLVM::LLVMDialect", "NVVM::NVVMDialect"];
}

#endif // FUSEC_CONVERSION_PASSES_TD
