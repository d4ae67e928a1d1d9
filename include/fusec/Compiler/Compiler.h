//===- Compiler.h - fusec's compiler entry point ----------------*- C++ -*-===//
//
// Part of fusec. One function runs the pipelines for the `fusec` CLI and the
// JIT: parse (or take a module), fuse, schedule, lower and serialize.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_COMPILER_COMPILER_H
#define FUSEC_COMPILER_COMPILER_H

#include "fusec/Compiler/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class PassManager;
} // namespace mlir

namespace fusec {

struct CompileResult {
  /// The requested output: MLIR text, or PTX with the launch description
  /// embedded as a `// fusec-launch:` line.
  std::string text;
  /// The launch description (JSON) for --emit=ptx.
  std::string launchJSON;
};

/// Parses the buffer in `sourceMgr` and compiles it. Diagnostics go to the
/// context's handler; returns failure after reporting them.
mlir::FailureOr<CompileResult> compile(llvm::SourceMgr &sourceMgr,
                                       mlir::MLIRContext &context,
                                       const CompileOptions &options);

/// Compiles `module` in place (it holds the result's IR afterwards).
mlir::FailureOr<CompileResult> compileModule(mlir::ModuleOp module,
                                             const CompileOptions &options);

/// The precision a compile of `module` with `options` takes: options'
/// own, or for "auto" "3xtf32-certified" when a copy compiles under it
/// with certify-where-faster (sm_90a only: every certified kernel predicted
/// faster than its FMA kernel), else "ieee". Reports no diagnostics.
std::string resolvePrecision(mlir::ModuleOp module,
                             const CompileOptions &options);

/// Whether CompileOptions::precision takes `precision`: "auto" or one of
/// the passes' precisions (mlir::fuse::isKnownPrecision).
bool isKnownCompilePrecision(llvm::StringRef precision);
/// The list isKnownCompilePrecision accepts, for diagnostics.
std::string knownCompilePrecisions();

/// "0.1.0 (LLVM/MLIR 22.x)".
std::string getVersionString();

} // namespace fusec

#endif // FUSEC_COMPILER_COMPILER_H
