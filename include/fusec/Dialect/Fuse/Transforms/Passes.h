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

} // namespace fuse
} // namespace mlir

#endif // FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_H
