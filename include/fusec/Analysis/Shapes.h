//===- Shapes.h - where dynamic sizes come from -----------------*- C++ -*-===//
//
// Part of fusec. Every dynamic dimension of a value in a fused function is
// the size of some dimension of a function argument (broadcasting never
// creates sizes). These helpers find it, across kernel boundaries.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_ANALYSIS_SHAPES_H
#define FUSEC_ANALYSIS_SHAPES_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir {
namespace fuse {

/// The dimension a `tensor.dim` reads: its constant index, when the source
/// is a ranked tensor and the index is in range. An index out of range is
/// valid IR (undefined only when it runs), so it must not be followed.
std::optional<int64_t> getConstantDimIndex(Operation *tensorDimOp);

/// A dimension of a root value: a function argument, or a block argument of
/// a fuse.kernel when `stopAtKernelInputs` was requested.
struct DimSource {
  Value root;
  int64_t dim;
};

/// Finds the root dimension that gives dimension `dim` of `value` its
/// (dynamic) size. Follows elementwise operands that are not broadcast along
/// the dimension, shape ops, reductions, running minima, kernel results and,
/// unless `stopAtKernelInputs`, kernel block arguments. Fails for sizes that
/// come from elsewhere (for example an index computed by the user).
FailureOr<DimSource> traceDim(Value value, int64_t dim,
                              bool stopAtKernelInputs = false);

/// The dynamic size symbols of a function: classes of function-argument
/// dimensions that broadcasting ties together (a dynamic dimension never
/// broadcasts, so `x: ?x512` and `best: ?` compared elementwise share one
/// size). Symbol i is named "s<i>" in launch descriptions.
struct SizeSymbols {
  /// For each argument and dimension, its symbol, or -1 when static.
  SmallVector<SmallVector<int>> argDims;
  /// For each symbol, the first (argument, dimension) that carries it.
  SmallVector<std::pair<unsigned, int64_t>> definitions;

  /// The symbol of dimension `dim` of a tensor value of the function (or of
  /// one of its kernels), or failure when it is static or untraceable.
  FailureOr<int> symbolOf(Value value, int64_t dim) const;
  unsigned size() const { return definitions.size(); }
};

/// Computes the size symbols of `func` (a func.func on tensors).
SizeSymbols computeSizeSymbols(Operation *func);

} // namespace fuse
} // namespace mlir

#endif // FUSEC_ANALYSIS_SHAPES_H
