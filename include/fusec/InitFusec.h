//===- InitFusec.h - register everything fusec uses -------------*- C++ -*-===//
//
// Part of fusec. Dialect, pass, pipeline and translation registration live
// in one library file (lib/Registration/InitFusec.cpp) so that the heavy
// GPU/NVVM/LLVM dialect headers are parsed once, not by every tool.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_INITFUSEC_H
#define FUSEC_INITFUSEC_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace fusec {

/// Registers the fuse dialect, the upstream dialects fusec lowers through,
/// and the interfaces and LLVM IR translations that GPU serialization needs.
void registerAllFusecDialects(mlir::DialectRegistry &registry);

/// Registers fusec's passes and pipelines and the upstream passes that its
/// pipelines use, so that fuse-opt can run each of them.
void registerAllFusecPasses();

} // namespace fusec

#endif // FUSEC_INITFUSEC_H
