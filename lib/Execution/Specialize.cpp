//===- Specialize.cpp - new static sizes for a function -------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Execution/Specialize.h"

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::fuse;

/// `type` with each static size that is a key of `extents` replaced.
static RankedTensorType mapShape(RankedTensorType type,
                                 const llvm::DenseMap<int64_t, int64_t> &map) {
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t &size : shape) {
    if (ShapedType::isDynamic(size))
      continue;
    auto it = map.find(size);
    if (it != map.end())
      size = it->second;
  }
  return RankedTensorType::get(shape, type.getElementType());
}

/// The new type of a constant's value, or failure (with a diagnostic) when
/// its shape changes and it is not a splat, since only a splat has an
/// obvious value at another shape.
static FailureOr<TypedAttr>
mapConstant(Operation *op, Attribute value,
            const llvm::DenseMap<int64_t, int64_t> &extents) {
  auto elements = dyn_cast<DenseElementsAttr>(value);
  auto type = elements ? dyn_cast<RankedTensorType>(elements.getType())
                       : RankedTensorType();
  if (!type)
    return cast<TypedAttr>(value);
  RankedTensorType mapped = mapShape(type, extents);
  if (mapped == type)
    return cast<TypedAttr>(value);
  if (!elements.isSplat())
    return op->emitOpError("has a non-splat constant of type ")
           << type << ", which cannot be re-specialized to " << mapped;
  return cast<TypedAttr>(
      DenseElementsAttr::get(mapped, elements.getSplatValue<Attribute>()));
}

/// The re-inferred type of `op`'s single tensor result, or a null type when
/// the inference failed (it reported why at the op's location).
static FailureOr<Type>
inferResult(Operation *op, const llvm::DenseMap<int64_t, int64_t> &extents) {
  Location loc = op->getLoc();
  auto require = [&](Type type) -> FailureOr<Type> {
    if (!type)
      return failure();
    return type;
  };
  return llvm::TypeSwitch<Operation *, FailureOr<Type>>(op)
      .Case<AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, CmpOp, WhereOp, MatmulOp>(
          [&](auto typed) {
            return require(
                decltype(typed)::inferResultType(loc, op->getOperands()));
          })
      .Case<ExpandDimsOp, TakeOp>([&](auto typed) {
        return require(decltype(typed)::inferResultType(loc, typed.getInput(),
                                                        typed.getDim()));
      })
      .Case<TransposeOp>([&](TransposeOp typed) {
        return require(TransposeOp::inferResultType(loc, typed.getInput()));
      })
      .Case<SumOp, ReduceMinOp, ReduceMaxOp, ArgMinOp, ArgMaxOp>(
          [&](auto typed) {
            return require(decltype(typed)::inferResultType(
                loc, typed.getInput(), typed.getDim(), typed.getKeepdim()));
          })
      .Case<CastOp>([&](CastOp typed) -> FailureOr<Type> {
        auto input = cast<RankedTensorType>(typed.getInput().getType());
        return Type(RankedTensorType::get(input.getShape(),
                                          typed.getType().getElementType()));
      })
      .Case<BroadcastToOp>([&](BroadcastToOp typed) -> FailureOr<Type> {
        return Type(mapShape(typed.getType(), extents));
      })
      .Default([&](Operation *other) -> FailureOr<Type> {
        // Unary elementwise ops (square, neg, abs, exp, sqrt, relu).
        if (isElementwise(other) &&
            other->hasTrait<OpTrait::SameOperandsAndResultType>())
          return other->getOperand(0).getType();
        return other->emitOpError("cannot be re-specialized: fuse-run does "
                                  "not know how to infer its result type");
      });
}

LogicalResult fusec::respecializeStaticExtents(
    func::FuncOp func, const llvm::DenseMap<int64_t, int64_t> &extents) {
  if (func.isExternal())
    return func.emitOpError("has no body to re-specialize");
  Block &entry = func.getBody().front();
  SmallVector<Type> argTypes;
  for (BlockArgument arg : entry.getArguments()) {
    Type type = arg.getType();
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      type = mapShape(tensor, extents);
    arg.setType(type);
    argTypes.push_back(type);
  }

  for (Operation &op : entry.without_terminator()) {
    if (op.getNumRegions() != 0)
      return op.emitOpError("cannot be re-specialized: the function is "
                            "already fused (keep its static extents)");
    bool hasTensorResult = llvm::any_of(op.getResultTypes(), [](Type type) {
      return isa<RankedTensorType>(type);
    });
    if (!hasTensorResult)
      continue;
    if (op.getNumResults() != 1)
      return op.emitOpError("cannot be re-specialized: more than one result");
    if (isa<fuse::ConstantOp, arith::ConstantOp>(op)) {
      FailureOr<TypedAttr> value =
          mapConstant(&op, op.getAttr("value"), extents);
      if (failed(value))
        return failure();
      op.setAttr("value", *value);
      op.getResult(0).setType(value->getType());
      continue;
    }
    FailureOr<Type> type = inferResult(&op, extents);
    if (failed(type))
      return failure();
    op.getResult(0).setType(*type);
  }

  Operation *terminator = entry.getTerminator();
  func.setFunctionType(FunctionType::get(func.getContext(), argTypes,
                                         terminator->getOperandTypes()));
  return verify(func);
}
