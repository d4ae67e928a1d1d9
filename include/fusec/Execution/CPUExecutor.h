//===- CPUExecutor.h - run fused functions on the host ----------*- C++ -*-===//
//
// Part of fusec. Compiles one function of the fuse dialect through the CPU
// pipeline (fusec::buildCPUPipeline) and runs it with mlir::ExecutionEngine
// on host buffers. This is the fused path that fuse-run compares with the
// reference evaluator, so that the same IR the GPU runs is checked in CI.
//
// After the CPU pipeline a function `@f(tensor args) -> tensor results`
// takes one memref per argument and then one per result, returns nothing,
// and has a C interface `_mlir_ciface_f` taking pointers to memref
// descriptors. The executor builds those descriptors (any rank) around
// caller-owned, dense, row-major buffers; the caller allocates the results
// with the shapes FunctionShapes derives.
//
// Bad input (unknown function, unsupported signature, buffers that do not
// fit the signature) is reported as an error, never a crash. The compiled
// code itself trusts the IR's assumptions: a `fuse.take` with a dynamic
// index out of range is as undefined here as in the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_EXECUTION_CPUEXECUTOR_H
#define FUSEC_EXECUTION_CPUEXECUTOR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace fusec {

/// Bytes one element of `elementType` takes in a dense buffer: 2 for f16 and
/// bf16, 1 for i1 (a byte per element, as in the kernel ABI), 4 or 8 for
/// the others; 0 for an element type fuse tensors cannot hold.
unsigned getElementByteSize(mlir::Type elementType);

/// A canonicalized copy of `func`, alone in a new module, for shape
/// analysis: `fuse.matmul` becomes a broadcast product and a sum there,
/// which traceDim and computeSizeSymbols follow (they do not look through
/// a matmul, and the pipelines canonicalize first too). Argument numbers are
/// unchanged. Returns a plain copy if canonicalization fails.
mlir::OwningOpRef<mlir::ModuleOp>
cloneForShapeAnalysis(mlir::func::FuncOp func);

/// How the result shapes of a function follow from its argument shapes:
/// every dynamic result size is the size of some argument dimension
/// (traceDim), and dynamic argument dimensions tied by broadcasting share a
/// size symbol (computeSizeSymbols), so they must agree at a call.
class FunctionShapes {
public:
  /// Analyzes `func`, a function on ranked tensors before fusion (through
  /// cloneForShapeAnalysis, so that size symbols are those of the launch
  /// descriptions the compiler writes). Fails,
  /// with a message in `*error` when given, if an argument or result is not
  /// a ranked tensor of a supported element type or if a dynamic result
  /// size cannot be traced to an argument dimension.
  static mlir::FailureOr<FunctionShapes> analyze(mlir::func::FuncOp func,
                                                 std::string *error = nullptr);

  llvm::ArrayRef<mlir::RankedTensorType> getArgTypes() const {
    return argTypes;
  }
  llvm::ArrayRef<mlir::RankedTensorType> getResultTypes() const {
    return resultTypes;
  }
  /// For each argument dimension, its size symbol or -1 when static.
  const std::vector<std::vector<int>> &getArgSymbols() const {
    return argSymbols;
  }
  unsigned getNumSymbols() const { return numSymbols; }

  /// Checks `argShapes` against the signature: count, ranks, static sizes,
  /// no negative size, and equal sizes for dimensions of one symbol.
  mlir::LogicalResult
  checkArgShapes(llvm::ArrayRef<std::vector<int64_t>> argShapes,
                 std::string *error = nullptr) const;

  /// The result shapes for argument shapes that checkArgShapes accepts.
  std::vector<std::vector<int64_t>>
  getResultShapes(llvm::ArrayRef<std::vector<int64_t>> argShapes) const;

private:
  /// Where one result dimension gets its size: a static size, or dimension
  /// `dim` of argument `arg`.
  struct DimRule {
    int64_t staticSize = 0;
    int arg = -1;
    int64_t dim = 0;
  };

  std::vector<mlir::RankedTensorType> argTypes;
  std::vector<mlir::RankedTensorType> resultTypes;
  std::vector<std::vector<int>> argSymbols;
  unsigned numSymbols = 0;
  std::vector<std::vector<DimRule>> resultRules;
};

/// A dense, row-major host buffer of one argument or result. `data` may be
/// null only when the buffer has no element.
struct HostBufferRef {
  void *data = nullptr;
  llvm::ArrayRef<int64_t> shape;
};

struct CPUCompileOptions {
  /// The fusion pipeline's fuse-index-reductions option.
  bool fuseIndexReductions = true;
  /// The fusion pipeline's allow-reassociation option.
  bool allowReassociation = false;
  /// LLVM optimization level of the JIT (0 to 3), for IR passes and code
  /// generation.
  unsigned optLevel = 2;
};

/// One function compiled for the host.
class CPUExecutable {
public:
  /// Compiles function `funcName` of `module` (which is left untouched: a
  /// clone holding only that function goes through the pipeline, so that
  /// other functions of the file need not compile). Pass failures report
  /// their diagnostics through the context's handler; every failure also
  /// sets `*error` (when given) to a one-line summary.
  static mlir::FailureOr<std::unique_ptr<CPUExecutable>>
  compile(mlir::ModuleOp module, llvm::StringRef funcName,
          const CPUCompileOptions &options, std::string *error = nullptr);

  ~CPUExecutable();
  CPUExecutable(const CPUExecutable &) = delete;
  CPUExecutable &operator=(const CPUExecutable &) = delete;

  llvm::StringRef getFunctionName() const { return funcName; }
  const FunctionShapes &getShapes() const { return shapes; }

  /// Runs the function: `inputs` hold the arguments, `outputs` receive the
  /// results and must have the shapes getShapes().getResultShapes() gives.
  mlir::LogicalResult run(llvm::ArrayRef<HostBufferRef> inputs,
                          llvm::ArrayRef<HostBufferRef> outputs,
                          std::string *error = nullptr) const;

private:
  CPUExecutable(std::string funcName, FunctionShapes shapes,
                std::unique_ptr<mlir::ExecutionEngine> engine);

  std::string funcName;
  FunctionShapes shapes;
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

} // namespace fusec

#endif // FUSEC_EXECUTION_CPUEXECUTOR_H
