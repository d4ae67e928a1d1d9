//===- Passes.h - fuse dialect passes ---------------------------*- C++ -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_H
#define FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_H

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace fuse {

#define GEN_PASS_DECL
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"

/// Partitions `func` into kernels in place, as fuse-form-kernels does with
/// the ledger deciding recomputation at `assumedSize` (no remarks). For
/// passes that cost alternatives on a clone.
LogicalResult formKernels(func::FuncOp func, bool fuseIndexReductions,
                          int64_t assumedSize, double computeBlowupLimit);

} // namespace fuse
} // namespace mlir

#endif // FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_H
