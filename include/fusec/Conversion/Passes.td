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

#endif // FUSEC_CONVERSION_PASSES_TD
