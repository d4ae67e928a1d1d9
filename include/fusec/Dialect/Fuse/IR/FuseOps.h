//===- FuseOps.h - fuse dialect operations ----------------------*- C++ -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_IR_FUSEOPS_H
#define FUSEC_DIALECT_FUSE_IR_FUSEOPS_H

#include "fusec/Dialect/Fuse/IR/FuseDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace OpTrait {
namespace fuse {
/// Marks ops that apply a scalar function to each element of their
/// NumPy-broadcast operands (unary ops, binary ops, cmp, where, cast).
template <typename ConcreteType>
class BroadcastingElementwise
    : public TraitBase<ConcreteType, BroadcastingElementwise> {};
/// Marks value reductions over one dimension (sum, reduce_min, reduce_max).
template <typename ConcreteType>
class Reduction : public TraitBase<ConcreteType, Reduction> {};
/// Marks index reductions over one dimension (argmin, argmax).
template <typename ConcreteType>
class IndexReduction : public TraitBase<ConcreteType, IndexReduction> {};

namespace impl {
LogicalResult verifyKnownAttributes(Operation *op);
LogicalResult verifyAddressableTypes(Operation *op);
} // namespace impl

/// Every fuse op: an attribute that is neither one of the op's own nor
/// namespaced (`dialect.name`) is an error. MLIR keeps unknown attributes
/// silently, so a misspelled one (`{keep_dim}`) would otherwise be ignored.
template <typename ConcreteType>
class KnownAttributes : public TraitBase<ConcreteType, KnownAttributes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyKnownAttributes(op);
  }
};

/// Every fuse op: the static sizes of each operand and result tensor span
/// at most INT64_MAX bytes, the most that the ledger, the schedules and the
/// generated code can count and index without wrapping.
template <typename ConcreteType>
class AddressableTypes : public TraitBase<ConcreteType, AddressableTypes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyAddressableTypes(op);
  }
};
} // namespace fuse
} // namespace OpTrait
} // namespace mlir

#include "fusec/Dialect/Fuse/IR/FuseOpsEnums.h.inc"

#define GET_OP_CLASSES
#include "fusec/Dialect/Fuse/IR/FuseOps.h.inc"

namespace mlir {
namespace fuse {
/// Unit attribute of the cross sum `sum(lhs * rhs)` that fuse-choose-form
/// wrote for `sum((lhs - rhs)^2)` under --precision=3xtf32-certified: the
/// GPU schedule's labels must be the direct form's (TiledRunningMin).
inline constexpr llvm::StringLiteral kCertifiedDirectAttr =
    "fuse.certified_direct";
} // namespace fuse
} // namespace mlir

namespace mlir {
namespace fuse {

/// NumPy broadcasting of several shapes (trailing alignment; a static 1
/// stretches; a dynamic size is assumed to equal its partner). On a
/// mismatch returns failure and, when `loc` is set, emits a diagnostic that
/// names the dimension.
FailureOr<SmallVector<int64_t>>
broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes,
                std::optional<Location> loc);

/// True for ops that carry the BroadcastingElementwise trait.
bool isElementwise(Operation *op);
/// True for sum, reduce_min and reduce_max.
bool isValueReduction(Operation *op);
/// True for argmin and argmax.
bool isIndexReduction(Operation *op);
/// The reduced dimension of a reduction or index reduction.
int64_t getReductionDim(Operation *op);
/// Whether a reduction or index reduction keeps its reduced dimension.
bool getReductionKeepDim(Operation *op);

} // namespace fuse
} // namespace mlir

#endif // FUSEC_DIALECT_FUSE_IR_FUSEOPS_H
