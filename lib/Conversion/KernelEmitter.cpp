//===- KernelEmitter.cpp - scalar code for fused kernels ------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Conversion/KernelEmitter.h"

#include "fusec/Analysis/Shapes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::fuse;

KernelEmitter::KernelEmitter(OpBuilder &builder, KernelOp kernel,
                             ArrayRef<Value> inputs, Block *root,
                             Operation *rootAnchor)
    : builder(builder), kernel(kernel), inputs(inputs),
      loc(kernel.getLoc()) {
  frames.emplace_back();
  frames.front().body = root;
  frames.front().rootAnchor = rootAnchor;
}

//===----------------------------------------------------------------------===//
// Frames
//===----------------------------------------------------------------------===//

void KernelEmitter::setInsertionPoint(Frame *frame) {
  if (!frame->anchors.empty()) {
    builder.setInsertionPoint(frame->anchors.back());
    return;
  }
  if (frame->rootAnchor) {
    builder.setInsertionPoint(frame->rootAnchor);
    return;
  }
  Block *body = frame->body;
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    builder.setInsertionPoint(&body->back());
  else
    builder.setInsertionPointToEnd(body);
}

KernelEmitter::Frame *KernelEmitter::openLoop(Frame *parent, Value lb,
                                              Value ub, Value step,
                                              ValueRange inits) {
  setInsertionPoint(parent);
  auto loop = scf::ForOp::create(builder, loc, lb, ub, step, inits,
                                 [](OpBuilder &, Location, Value, ValueRange) {
                                 });
  parent->anchors.push_back(loop);
  frames.emplace_back();
  Frame *frame = &frames.back();
  frame->parent = parent;
  frame->body = loop.getBody();
  frame->loop = loop;
  frame->iv = loop.getInductionVar();
  frame->depth = parent->depth + 1;
  valueFrame[frame->iv] = frame;
  for (Value arg : loop.getRegionIterArgs())
    valueFrame[arg] = frame;
  return frame;
}

ValueRange KernelEmitter::closeLoop(Frame *frame, ValueRange yields) {
  builder.setInsertionPointToEnd(frame->body);
  scf::YieldOp::create(builder, loc, yields);
  Frame *parent = frame->parent;
  assert(!parent->anchors.empty() && parent->anchors.back() == frame->loop &&
         "loops close in the order they open");
  parent->anchors.pop_back();
  for (Value result : frame->loop->getResults())
    valueFrame[result] = parent;
  return frame->loop->getResults();
}

KernelEmitter::Frame *KernelEmitter::openBlockFrame(Frame *parent,
                                                   Block *block,
                                                   Operation *op) {
  parent->anchors.push_back(op);
  frames.emplace_back();
  Frame *frame = &frames.back();
  frame->parent = parent;
  frame->body = block;
  frame->loop = op;
  frame->depth = parent->depth + 1;
  return frame;
}

void KernelEmitter::closeBlockFrame(Frame *frame) {
  Frame *parent = frame->parent;
  assert(!parent->anchors.empty() && parent->anchors.back() == frame->loop &&
         "frames close in the order they open");
  parent->anchors.pop_back();
}

bool KernelEmitter::isAncestorOrSelf(Frame *ancestor, Frame *frame) {
  for (Frame *f = frame; f; f = f->parent)
    if (f == ancestor)
      return true;
  return false;
}

KernelEmitter::Frame *KernelEmitter::targetFrame(ArrayRef<Value> indices,
                                                 Frame *ctx) {
  Frame *target = getRoot();
  for (Value index : indices) {
    Frame *frame = valueFrame.lookup(index);
    if (frame && frame->depth > target->depth)
      target = frame;
  }
  // Indices come from ctx's ancestors; anything else is a caller bug that
  // would break dominance, so fall back to the context.
  if (!isAncestorOrSelf(target, ctx))
    return ctx;
  return target;
}

const SmallVector<Value> &KernelEmitter::implicitIndices(Value value) {
  auto it = implicitMemo.find(value);
  if (it != implicitMemo.end())
    return it->second;
  llvm::SetVector<Value> deps;
  if (isa<IndexType>(value.getType())) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isa<RunningMinOp>(arg.getOwner()->getParentOp()))
        deps.insert(value);
    } else if (Operation *op = value.getDefiningOp()) {
      for (Value operand : op->getOperands())
        for (Value dep : implicitIndices(operand))
          deps.insert(dep);
    }
  } else if (Operation *op = value.getDefiningOp()) {
    for (Value operand : op->getOperands())
      for (Value dep : implicitIndices(operand))
        deps.insert(dep);
    if (auto loop = dyn_cast<RunningMinOp>(op)) {
      // The loop's own iteration is internal to it.
      for (Value dep : implicitIndices(loop.getCandidate()))
        if (dep != loop.getIteration())
          deps.insert(dep);
    }
  }
  return implicitMemo[value] = SmallVector<Value>(deps.begin(), deps.end());
}

SmallVector<Value> KernelEmitter::boundImplicitIndices(Value value) {
  SmallVector<Value> bound;
  for (Value dep : implicitIndices(value))
    if (Value iv = indexBindings.lookup(dep))
      bound.push_back(iv);
  return bound;
}

/// Memo keys are the indices plus the running-min iterations the value
/// reads (through `take`): the same indices under another bound iteration
/// are another element.
SmallVector<Value> KernelEmitter::memoKey(Value value,
                                          ArrayRef<Value> indices) {
  SmallVector<Value> key(indices.begin(), indices.end());
  key.push_back(Value());
  key.append(boundImplicitIndices(value));
  return key;
}

Value KernelEmitter::lookupMemo(Value value, ArrayRef<Value> indices,
                                Frame *ctx) {
  auto it = memo.find(value);
  if (it == memo.end())
    return {};
  SmallVector<Value> key = memoKey(value, indices);
  for (MemoEntry &entry : it->second)
    if (ArrayRef<Value>(entry.indices) == ArrayRef<Value>(key) &&
        isAncestorOrSelf(entry.frame, ctx))
      return entry.result;
  return {};
}

void KernelEmitter::recordMemo(Value value, ArrayRef<Value> indices,
                               Value result, Frame *frame) {
  memo[value].push_back(MemoEntry{memoKey(value, indices), result, frame});
}

//===----------------------------------------------------------------------===//
// Constants and sizes
//===----------------------------------------------------------------------===//

Value KernelEmitter::constant(Type type, double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  auto key = std::make_pair(type, bits);
  if (Value cached = constants.lookup(key))
    return cached;
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPoint(getRoot());
  Type element = getElementTypeOrSelf(type);
  TypedAttr scalar;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    APFloat apValue(value);
    bool losesInfo = false;
    apValue.convert(floatType.getFloatSemantics(),
                    APFloat::rmNearestTiesToEven, &losesInfo);
    scalar = FloatAttr::get(element, apValue);
  } else if (element.isIndex()) {
    scalar = builder.getIndexAttr(static_cast<int64_t>(value));
  } else {
    unsigned width = element.getIntOrFloatBitWidth();
    APInt apValue(width, static_cast<int64_t>(value), /*isSigned=*/true,
                  /*implicitTrunc=*/true);
    scalar = IntegerAttr::get(element, apValue);
  }
  TypedAttr attr = scalar;
  if (auto vectorType = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vectorType, cast<Attribute>(scalar));
  Value result = arith::ConstantOp::create(builder, loc, attr);
  constants[key] = result;
  valueFrame[result] = getRoot();
  return result;
}

Value KernelEmitter::intConstant(Type type, int64_t value) {
  auto key = std::make_pair(type, static_cast<uint64_t>(value) ^ 0x5bd1e995u);
  if (Value cached = constants.lookup(key))
    return cached;
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPoint(getRoot());
  Type element = getElementTypeOrSelf(type);
  unsigned width = element.isIndex() ? IndexType::kInternalStorageBitWidth
                                     : element.getIntOrFloatBitWidth();
  TypedAttr attr = IntegerAttr::get(
      element, APInt(width, value, /*isSigned=*/true, /*implicitTrunc=*/true));
  if (auto vectorType = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vectorType, cast<Attribute>(attr));
  Value result = arith::ConstantOp::create(builder, loc, attr);
  constants[key] = result;
  valueFrame[result] = getRoot();
  return result;
}

Value KernelEmitter::indexConstant(int64_t value) {
  // Not through a double, which holds integers exactly only up to 2^53 (a
  // static size of 2^63 - 1 did not convert back; found by fusec-fuzz).
  return intConstant(builder.getIndexType(), value);
}

FailureOr<Value> KernelEmitter::dimSize(Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return indexConstant(type.getDimSize(dim));
  FailureOr<DimSource> source =
      traceDim(value, dim, /*stopAtKernelInputs=*/true);
  if (failed(source) || !isa<BlockArgument>(source->root))
    return kernel.emitOpError("cannot find the size of dynamic dimension ")
           << dim;
  auto arg = cast<BlockArgument>(source->root);
  auto key = std::make_pair(source->root, source->dim);
  if (Value cached = dimSizes.lookup(key))
    return cached;
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPoint(getRoot());
  Value size =
      memref::DimOp::create(builder, loc, inputs[arg.getArgNumber()],
                            source->dim);
  valueFrame[size] = getRoot();
  dimSizes[key] = size;
  return size;
}

FailureOr<Value> KernelEmitter::emitIndex(Value regionIndex, Frame *ctx) {
  if (Value bound = indexBindings.lookup(regionIndex))
    return bound;
  APInt constantValue;
  if (matchPattern(regionIndex, m_ConstantInt(&constantValue)))
    return indexConstant(constantValue.getSExtValue());
  Operation *op = regionIndex.getDefiningOp();
  if (auto dim = dyn_cast_or_null<tensor::DimOp>(op)) {
    std::optional<int64_t> index = getConstantDimIndex(dim);
    if (index)
      return dimSize(dim.getSource(), *index);
  }
  if (op && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> emitted = emitIndex(operand, ctx);
      if (failed(emitted))
        return failure();
      operands.push_back(*emitted);
    }
    Frame *frame = targetFrame(operands, ctx);
    OpBuilder::InsertionGuard guard(builder);
    setInsertionPoint(frame);
    Operation *clone = builder.clone(*op);
    clone->setOperands(operands);
    valueFrame[clone->getResult(0)] = frame;
    return clone->getResult(0);
  }
  return kernel.emitOpError("cannot compute an index defined by ")
         << (op ? op->getName().getStringRef() : StringRef("an argument"));
}

SmallVector<Value> KernelEmitter::broadcastIndices(Value operand,
                                                   ArrayRef<Value> indices,
                                                   int64_t resultRank) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t offset = resultRank - type.getRank();
  SmallVector<Value> result;
  for (int64_t i = 0; i < type.getRank(); ++i)
    result.push_back(type.getDimSize(i) == 1 ? indexConstant(0)
                                             : indices[i + offset]);
  return result;
}

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

/// The identity of min (the largest value) or max (the smallest) for an
/// integer type.
static int64_t extremeOf(Type element, bool largest) {
  if (element.isInteger(32))
    return largest ? std::numeric_limits<int32_t>::max()
                   : std::numeric_limits<int32_t>::min();
  return largest ? std::numeric_limits<int64_t>::max()
                 : std::numeric_limits<int64_t>::min();
}

static bool isFloat(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

/// The type of a scalar (or vector) result with element type `element`,
/// shaped like `like`.
static Type withElement(Type like, Type element) {
  if (auto vectorType = dyn_cast<VectorType>(like))
    return VectorType::get(vectorType.getShape(), element);
  return element;
}

FailureOr<Value> KernelEmitter::emitElementwise(Operation *op,
                                                ArrayRef<Value> operands) {
  Location opLoc = op->getLoc();
  Value a = operands[0];
  Value b = operands.size() > 1 ? operands[1] : Value();
  bool fp = isFloat(a.getType());
  Type resultElement = getElementTypeOrSelf(op->getResult(0).getType());
  auto b2 = [&](auto floatTag, auto intTag) -> Value {
    using F = decltype(floatTag);
    using I = decltype(intTag);
    if (fp)
      return F::create(builder, opLoc, a, b);
    return I::create(builder, opLoc, a, b);
  };
  return TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](AddOp) { return b2(arith::AddFOp(), arith::AddIOp()); })
      .Case([&](SubOp) { return b2(arith::SubFOp(), arith::SubIOp()); })
      .Case([&](MulOp) { return b2(arith::MulFOp(), arith::MulIOp()); })
      .Case([&](DivOp) { return b2(arith::DivFOp(), arith::DivSIOp()); })
      .Case([&](MaxOp) {
        return b2(arith::MaximumFOp(), arith::MaxSIOp());
      })
      .Case([&](MinOp) {
        return b2(arith::MinimumFOp(), arith::MinSIOp());
      })
      .Case([&](SquareOp) -> Value {
        if (fp)
          return arith::MulFOp::create(builder, opLoc, a, a);
        return arith::MulIOp::create(builder, opLoc, a, a);
      })
      .Case([&](NegOp) -> Value {
        if (fp)
          return arith::NegFOp::create(builder, opLoc, a);
        return arith::SubIOp::create(builder, opLoc,
                                     constant(a.getType(), 0), a);
      })
      .Case([&](AbsOp) -> Value {
        if (fp)
          return math::AbsFOp::create(builder, opLoc, a);
        return math::AbsIOp::create(builder, opLoc, a);
      })
      .Case([&](ExpOp) -> Value {
        return math::ExpOp::create(builder, opLoc, a);
      })
      .Case([&](SqrtOp) -> Value {
        return math::SqrtOp::create(builder, opLoc, a);
      })
      .Case([&](ReluOp) -> Value {
        Value zero = constant(a.getType(), 0);
        if (fp)
          return arith::MaximumFOp::create(builder, opLoc, a, zero);
        return arith::MaxSIOp::create(builder, opLoc, a, zero);
      })
      .Case([&](CmpOp cmp) -> Value {
        if (fp) {
          arith::CmpFPredicate pred;
          switch (cmp.getPredicate()) {
          case CmpPredicate::lt: pred = arith::CmpFPredicate::OLT; break;
          case CmpPredicate::le: pred = arith::CmpFPredicate::OLE; break;
          case CmpPredicate::gt: pred = arith::CmpFPredicate::OGT; break;
          case CmpPredicate::ge: pred = arith::CmpFPredicate::OGE; break;
          case CmpPredicate::eq: pred = arith::CmpFPredicate::OEQ; break;
          case CmpPredicate::ne: pred = arith::CmpFPredicate::UNE; break;
          }
          return arith::CmpFOp::create(builder, opLoc, pred, a, b);
        }
        // i1 orders false < true, so it compares unsigned.
        bool isBool = getElementTypeOrSelf(a.getType()).isInteger(1);
        arith::CmpIPredicate pred;
        switch (cmp.getPredicate()) {
        case CmpPredicate::lt:
          pred = isBool ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
          break;
        case CmpPredicate::le:
          pred = isBool ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
          break;
        case CmpPredicate::gt:
          pred = isBool ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
          break;
        case CmpPredicate::ge:
          pred = isBool ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
          break;
        case CmpPredicate::eq: pred = arith::CmpIPredicate::eq; break;
        case CmpPredicate::ne: pred = arith::CmpIPredicate::ne; break;
        }
        return arith::CmpIOp::create(builder, opLoc, pred, a, b);
      })
      .Case([&](WhereOp) -> Value {
        return arith::SelectOp::create(builder, opLoc, operands[0],
                                       operands[1], operands[2]);
      })
      .Case([&](CastOp) -> FailureOr<Value> {
        Type from = getElementTypeOrSelf(a.getType());
        Type to = resultElement;
        Type toType = withElement(a.getType(), to);
        if (from == to)
          return a;
        bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
        if (to.isInteger(1)) {
          if (fromFloat)
            return Value(arith::CmpFOp::create(
                builder, opLoc, arith::CmpFPredicate::UNE, a,
                constant(a.getType(), 0)));
          return Value(arith::CmpIOp::create(builder, opLoc,
                                             arith::CmpIPredicate::ne, a,
                                             constant(a.getType(), 0)));
        }
        if (fromFloat && toFloat) {
          if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
            return Value(arith::ExtFOp::create(builder, opLoc, toType, a));
          if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
            return Value(arith::TruncFOp::create(builder, opLoc, toType, a));
          // f16 <-> bf16 goes through f32.
          Value wide = arith::ExtFOp::create(
              builder, opLoc, withElement(a.getType(), builder.getF32Type()),
              a);
          return Value(arith::TruncFOp::create(builder, opLoc, toType, wide));
        }
        if (fromFloat)
          return Value(arith::FPToSIOp::create(builder, opLoc, toType, a));
        if (toFloat) {
          if (from.isInteger(1))
            return Value(arith::UIToFPOp::create(builder, opLoc, toType, a));
          return Value(arith::SIToFPOp::create(builder, opLoc, toType, a));
        }
        unsigned fromWidth = from.getIntOrFloatBitWidth();
        unsigned toWidth = to.getIntOrFloatBitWidth();
        if (fromWidth > toWidth)
          return Value(arith::TruncIOp::create(builder, opLoc, toType, a));
        if (from.isInteger(1))
          return Value(arith::ExtUIOp::create(builder, opLoc, toType, a));
        return Value(arith::ExtSIOp::create(builder, opLoc, toType, a));
      })
      .Default([&](Operation *other) -> FailureOr<Value> {
        return other->emitOpError("has no scalar lowering");
      });
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

FailureOr<Value> KernelEmitter::loadLeaf(BlockArgument leaf,
                                         ArrayRef<Value> indices,
                                         Frame *ctx) {
  Frame *frame = targetFrame(indices, ctx);
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPoint(frame);
  Value loaded =
      memref::LoadOp::create(builder, loc, inputs[leaf.getArgNumber()],
                             indices);
  valueFrame[loaded] = frame;
  return loaded;
}

FailureOr<Value> KernelEmitter::emit(Value value, ArrayRef<Value> indices,
                                     Frame *ctx) {
  if (Value cached = lookupMemo(value, indices, ctx))
    return cached;

  auto type = cast<RankedTensorType>(value.getType());
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return kernel.emitOpError("internal error: rank mismatch in emission");

  FailureOr<Value> result;
  Frame *frame = targetFrame(indices, ctx);

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &kernel.getBodyBlock())
      return kernel.emitOpError("unexpected block argument");
    result = loadLeaf(arg, indices, ctx);
    if (succeeded(result))
      recordMemo(value, indices, *result, valueFrame.lookup(*result)
                                              ? valueFrame.lookup(*result)
                                              : frame);
    return result;
  }

  Operation *op = value.getDefiningOp();
  auto remember = [&](FailureOr<Value> r) -> FailureOr<Value> {
    if (succeeded(r)) {
      Frame *where = valueFrame.lookup(*r);
      recordMemo(value, indices, *r, where ? where : frame);
    }
    return r;
  };

  // Constants: splats only; a full tensor constant would need a global.
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense))) {
    if (!dense.isSplat())
      return op->emitOpError("non-splat constants are not supported inside "
                             "kernels");
    Attribute splat = dense.getSplatValue<Attribute>();
    // An integer beyond 2^53 would round in the double below: it gets an
    // exact constant (9007199254740993 became ...992; found by fusec-fuzz).
    if (auto integer = dyn_cast<IntegerAttr>(splat);
        integer && !type.getElementType().isInteger(1)) {
      int64_t v = integer.getValue().getSExtValue();
      if (v > (int64_t(1) << 53) || v < -(int64_t(1) << 53))
        return remember(intConstant(type.getElementType(), v));
    }
    double number;
    if (auto f = dyn_cast<FloatAttr>(splat))
      number = f.getValueAsDouble();
    else
      number = static_cast<double>(
          cast<IntegerAttr>(splat).getValue().getSExtValue());
    if (type.getElementType().isInteger(1))
      number = cast<IntegerAttr>(splat).getValue().isZero() ? 0 : 1;
    return remember(constant(type.getElementType(), number));
  }

  if (isElementwise(op)) {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> emitted = emit(
          operand, broadcastIndices(operand, indices, type.getRank()), ctx);
      if (failed(emitted))
        return failure();
      operands.push_back(*emitted);
    }
    Frame *where = targetFrame(operands, ctx);
    OpBuilder::InsertionGuard guard(builder);
    setInsertionPoint(where);
    // Vector schedules mix vectors (read along the innermost dimension)
    // with scalars (constant along it): splat the scalars.
    VectorType vectorType;
    for (Value operand : operands)
      if (auto v = dyn_cast<VectorType>(operand.getType()))
        vectorType = v;
    if (vectorType)
      for (Value &operand : operands)
        if (!isa<VectorType>(operand.getType()))
          operand = vector::BroadcastOp::create(
              builder, loc,
              VectorType::get(vectorType.getShape(), operand.getType()),
              operand);
    FailureOr<Value> scalar = emitElementwise(op, operands);
    if (failed(scalar))
      return failure();
    valueFrame[*scalar] = where;
    return remember(scalar);
  }

  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    SmallVector<Value> inner(indices.begin(), indices.end());
    inner.erase(inner.begin() + expand.getDim());
    return remember(emit(expand.getInput(), inner, ctx));
  }
  if (auto bcast = dyn_cast<BroadcastToOp>(op))
    return remember(emit(
        bcast.getInput(),
        broadcastIndices(bcast.getInput(), indices, type.getRank()), ctx));
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    SmallVector<Value> inner(indices.begin(), indices.end());
    std::swap(inner[inner.size() - 1], inner[inner.size() - 2]);
    return remember(emit(transpose.getInput(), inner, ctx));
  }
  if (auto take = dyn_cast<TakeOp>(op)) {
    FailureOr<Value> index = emitIndex(take.getIndex(), ctx);
    if (failed(index))
      return failure();
    SmallVector<Value> inner(indices.begin(), indices.end());
    inner.insert(inner.begin() + take.getDim(), *index);
    return remember(emit(take.getInput(), inner, ctx));
  }
  if (isValueReduction(op))
    return remember(emitReduction(op, indices, ctx));
  if (auto loop = dyn_cast<RunningMinOp>(op))
    return emitRunningMin(loop, indices, ctx,
                          cast<OpResult>(value).getResultNumber());
  if (isIndexReduction(op))
    return op->emitOpError("must be rewritten by fuse-argmin-to-running-min "
                           "before lowering");
  return op->emitOpError("cannot be lowered inside a kernel");
}

FailureOr<Value> KernelEmitter::emitReduction(Operation *op,
                                              ArrayRef<Value> indices,
                                              Frame *ctx) {
  Value input = op->getOperand(0);
  auto inputType = cast<RankedTensorType>(input.getType());
  Type element = inputType.getElementType();
  int64_t dim = getReductionDim(op);
  bool keepdim = getReductionKeepDim(op);
  bool fp = isa<FloatType>(element);

  FailureOr<Value> extent = dimSize(input, dim);
  if (failed(extent))
    return failure();

  Value initValue;
  if (isa<SumOp>(op))
    initValue = constant(element, 0);
  else if (fp)
    initValue = constant(element, isa<ReduceMinOp>(op)
                                      ? std::numeric_limits<double>::infinity()
                                      : -std::numeric_limits<double>::infinity());
  else
    initValue = intConstant(element, extremeOf(element, isa<ReduceMinOp>(op)));

  // The loop must sit inside every running-min loop its body reads the
  // iteration of, not only inside the loops of `indices`.
  SmallVector<Value> placement(indices.begin(), indices.end());
  placement.append(boundImplicitIndices(input));
  Frame *parent = targetFrame(placement, ctx);
  Frame *loop = openLoop(parent, indexConstant(0), *extent, indexConstant(1),
                         ValueRange{initValue});
  SmallVector<Value> inner(indices.begin(), indices.end());
  if (keepdim)
    inner[dim] = loop->iv;
  else
    inner.insert(inner.begin() + dim, loop->iv);
  Value acc = cast<scf::ForOp>(loop->loop).getRegionIterArgs()[0];

  // A sum of products or squares accumulates with one fused multiply-add.
  Operation *producer = input.getDefiningOp();
  Value next;
  if (fp && isa<SumOp>(op) && isa_and_nonnull<MulOp, SquareOp>(producer)) {
    SmallVector<Value> factors;
    for (Value operand : producer->getOperands()) {
      FailureOr<Value> emitted = emit(
          operand, broadcastIndices(operand, inner, inputType.getRank()),
          loop);
      if (failed(emitted))
        return failure();
      factors.push_back(*emitted);
    }
    if (factors.size() == 1)
      factors.push_back(factors.front());
    setInsertionPoint(loop);
    next = math::FmaOp::create(builder, loc, factors[0], factors[1], acc);
  } else {
    FailureOr<Value> term = emit(input, inner, loop);
    if (failed(term))
      return failure();
    setInsertionPoint(loop);
    if (isa<SumOp>(op))
      next = fp ? Value(arith::AddFOp::create(builder, loc, acc, *term))
                : Value(arith::AddIOp::create(builder, loc, acc, *term));
    else if (isa<ReduceMinOp>(op))
      next = fp ? Value(arith::MinimumFOp::create(builder, loc, acc, *term))
                : Value(arith::MinSIOp::create(builder, loc, acc, *term));
    else
      next = fp ? Value(arith::MaximumFOp::create(builder, loc, acc, *term))
                : Value(arith::MaxSIOp::create(builder, loc, acc, *term));
  }
  return closeLoop(loop, ValueRange{next})[0];
}

FailureOr<Value> KernelEmitter::emitRunningMin(RunningMinOp op,
                                               ArrayRef<Value> indices,
                                               Frame *ctx,
                                               unsigned resultNumber) {
  int64_t rank = op.getValue().getType().getRank();
  Type element = op.getValue().getType().getElementType();
  bool fp = isa<FloatType>(element);
  bool isMin = op.getKind() == SelectKind::min;
  Type i64 = builder.getI64Type();

  FailureOr<Value> trips = emitIndex(op.getTrips(), ctx);
  if (failed(trips))
    return failure();
  Value initValue, initIndex;
  if (op.getInitValue()) {
    FailureOr<Value> v = emit(
        op.getInitValue(), broadcastIndices(op.getInitValue(), indices, rank),
        ctx);
    FailureOr<Value> i = emit(
        op.getInitIndex(), broadcastIndices(op.getInitIndex(), indices, rank),
        ctx);
    if (failed(v) || failed(i))
      return failure();
    initValue = *v;
    initIndex = *i;
  } else {
    double inf = std::numeric_limits<double>::infinity();
    initValue = fp ? constant(element, isMin ? inf : -inf)
                   : intConstant(element, extremeOf(element, isMin));
    initIndex = intConstant(i64, 0);
  }
  Value offset;
  if (op.getOffset()) {
    FailureOr<Value> o = emit(op.getOffset(), {}, ctx);
    if (failed(o))
      return failure();
    offset = *o;
  }

  SmallVector<Value> placement(indices.begin(), indices.end());
  placement.append({initValue, initIndex, *trips});
  placement.append(boundImplicitIndices(op.getValue()));
  if (offset)
    placement.push_back(offset);
  Frame *parent = targetFrame(placement, ctx);
  Frame *loop = openLoop(parent, indexConstant(0), *trips, indexConstant(1),
                         ValueRange{initValue, initIndex});
  indexBindings[op.getIteration()] = loop->iv;

  FailureOr<Value> candidate = emit(
      op.getCandidate(),
      broadcastIndices(op.getCandidate(), indices, rank), loop);
  if (failed(candidate))
    return failure();

  setInsertionPoint(loop);
  auto iterArgs = cast<scf::ForOp>(loop->loop).getRegionIterArgs();
  Value best = iterArgs[0], bestIndex = iterArgs[1];
  Value position = arith::IndexCastOp::create(builder, loc, i64, loop->iv);
  if (offset)
    position = arith::AddIOp::create(builder, loc, offset, position);
  Value better;
  if (fp) {
    better = arith::CmpFOp::create(
        builder, loc,
        isMin ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT,
        *candidate, best);
    if (op.getNan() == NanMode::propagate) {
      // A NaN beats every number; the first NaN then stays (NaN vs NaN is
      // not better), so the lowest NaN index wins as in torch.
      Value candIsNan = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::UNO, *candidate, *candidate);
      Value bestIsNum = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::ORD, best, best);
      Value nanWins = arith::AndIOp::create(builder, loc, candIsNan, bestIsNum);
      better = arith::OrIOp::create(builder, loc, better, nanWins);
    }
  } else {
    better = arith::CmpIOp::create(
        builder, loc,
        isMin ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sgt,
        *candidate, best);
  }
  Value newBest =
      arith::SelectOp::create(builder, loc, better, *candidate, best);
  Value newIndex =
      arith::SelectOp::create(builder, loc, better, position, bestIndex);
  ValueRange results = closeLoop(loop, ValueRange{newBest, newIndex});
  indexBindings.erase(op.getIteration());
  recordMemo(op.getValue(), indices, results[0], parent);
  recordMemo(op.getIndex(), indices, results[1], parent);
  return results[resultNumber];
}

LogicalResult KernelEmitter::emitStores(ArrayRef<Value> values,
                                        ArrayRef<Value> buffers,
                                        ArrayRef<Value> indices, Frame *ctx) {
  for (auto [value, buffer] : llvm::zip(values, buffers)) {
    FailureOr<Value> element = emit(value, indices, ctx);
    if (failed(element))
      return failure();
    setInsertionPoint(ctx);
    memref::StoreOp::create(builder, loc, *element, buffer, indices);
  }
  return success();
}

LogicalResult KernelEmitter::emitOutputLoops(ArrayRef<Value> outputs) {
  ValueRange yielded = kernel.getYield().getValues();
  // Outputs of one shape share one loop nest (and its common values).
  SmallVector<bool> done(yielded.size(), false);
  for (size_t first = 0; first < yielded.size(); ++first) {
    if (done[first])
      continue;
    auto shape = cast<RankedTensorType>(yielded[first].getType()).getShape();
    SmallVector<Value> values, buffers;
    for (size_t i = first; i < yielded.size(); ++i)
      if (!done[i] &&
          cast<RankedTensorType>(yielded[i].getType()).getShape() == shape) {
        done[i] = true;
        values.push_back(yielded[i]);
        buffers.push_back(outputs[i]);
      }
    Frame *frame = getRoot();
    SmallVector<Frame *> loops;
    SmallVector<Value> ivs;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      FailureOr<Value> extent = dimSize(values.front(), d);
      if (failed(extent))
        return failure();
      frame = openLoop(frame, indexConstant(0), *extent, indexConstant(1),
                       ValueRange{});
      loops.push_back(frame);
      ivs.push_back(frame->iv);
    }
    if (failed(emitStores(values, buffers, ivs, frame)))
      return failure();
    for (Frame *loop : llvm::reverse(loops))
      closeLoop(loop, ValueRange{});
  }
  return success();
}
