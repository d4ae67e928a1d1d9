//===- Specialize.h - new static sizes for a function -----------*- C++ -*-===//
//
// Part of fusec. The examples fix their static extents (k = 256 centroids
// of d = 512 features); a differential test should also run other extents,
// including 1 and non-powers of two. Re-specializing gives every argument
// dimension of static size E the size map[E] and re-infers every op's result
// type in program order, with the same inference the ops' builders use.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_EXECUTION_SPECIALIZE_H
#define FUSEC_EXECUTION_SPECIALIZE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace fusec {

/// Rewrites `func` in place: each static dimension of an argument whose size
/// is a key of `extents` gets the mapped size, and then every op's result
/// type is re-inferred in program order (the ops' static inferResultType,
/// the operand type for unary ops, the operand shape for casts). Splat
/// constants and `fuse.broadcast_to` results, whose shapes no operand
/// implies, have their static sizes mapped through `extents` too; the
/// function's result types follow the returned values. The function is
/// verified at the end. Fails, with diagnostics at the op at fault, for a
/// non-splat constant of a mapped shape, an op whose type cannot be
/// re-inferred (including already-fused `fuse.kernel` and
/// `fuse.running_min`), or a result that no longer verifies (such as a
/// constant `fuse.take` index beyond a shrunk extent).
mlir::LogicalResult
respecializeStaticExtents(mlir::func::FuncOp func,
                          const llvm::DenseMap<int64_t, int64_t> &extents);

} // namespace fusec

#endif // FUSEC_EXECUTION_SPECIALIZE_H
