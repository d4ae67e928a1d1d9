//===- ArgminToRunningMin.cpp - index reductions as running minima --------===//
//
// Part of fusec. Implements fuse-argmin-to-running-min.
//
// An index reduction over dimension j of a computed tensor V becomes a
// fuse.running_min loop over j whose body computes the slice of V at j. The
// slice is formed by pushing the index through V's producers ("slicing"),
// so that every reduction that fed V is now nested inside the loop and V
// itself never exists.
//
//===----------------------------------------------------------------------===//

#include "fusec/Dialect/Fuse/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSEARGMINTORUNNINGMIN
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;

namespace {

RankedTensorType dropDim(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return RankedTensorType::get(shape, type.getElementType());
}

/// Result type of an elementwise op given new operands.
Type elementwiseResultType(Operation *op, ValueRange operands) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value operand : operands)
    shapes.push_back(cast<RankedTensorType>(operand.getType()).getShape());
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(shapes, {});
  if (failed(shape))
    return Type();
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return RankedTensorType::get(*shape, element);
}

/// Builds the slice of values at one index of one dimension.
class Slicer {
public:
  Slicer(OpBuilder &builder, Value iteration, Location loc)
      : builder(builder), iteration(iteration), loc(loc) {}

  /// The value of `value` with dimension `dim` fixed at the iteration index
  /// (or at 0 when `atZero`), that dimension removed.
  FailureOr<Value> slice(Value value, int64_t dim, bool atZero);

  /// A tensor and dimension whose size equals the sliced extent, if found
  /// while slicing (used for the trip count of dynamic extents).
  std::optional<std::pair<Value, int64_t>> extentSource;

private:
  Value index(bool atZero) {
    if (!atZero)
      return iteration;
    if (!zero)
      zero = arith::ConstantIndexOp::create(builder, loc, 0);
    return zero;
  }
  FailureOr<Value> sliceLeaf(Value value, int64_t dim, bool atZero);
  FailureOr<Value> sliceOp(Operation *op, Value value, int64_t dim,
                           bool atZero);

  OpBuilder &builder;
  Value iteration;
  Value zero;
  Location loc;
  DenseMap<std::tuple<Value, int64_t, int>, Value> memo;
};

FailureOr<Value> Slicer::sliceLeaf(Value value, int64_t dim, bool atZero) {
  auto type = cast<RankedTensorType>(value.getType());
  if (auto cst = value.getDefiningOp<ConstantOp>())
    if (auto splat = dyn_cast<SplatElementsAttr>(cst.getValue()))
      return ConstantOp::create(builder, loc,
                                splat.resizeSplat(dropDim(type, dim)))
          .getResult();
  if (!atZero && !extentSource && type.getDimSize(dim) != 1)
    extentSource = std::make_pair(value, dim);
  return TakeOp::create(builder, loc, value, index(atZero), dim).getResult();
}

FailureOr<Value> Slicer::slice(Value value, int64_t dim, bool atZero) {
  auto key = std::make_tuple(value, dim, static_cast<int>(atZero));
  if (Value cached = memo.lookup(key))
    return cached;
  auto type = cast<RankedTensorType>(value.getType());
  // A size-1 dimension is the same at every index.
  if (type.getDimSize(dim) == 1)
    atZero = true;
  FailureOr<Value> result;
  Operation *op = value.getDefiningOp();
  if (!op || isa<KernelOp, RunningMinOp, tensor::DimOp>(op) ||
      !isa<FuseDialect>(op->getDialect()) ||
      op->getNumResults() != 1)
    result = sliceLeaf(value, dim, atZero);
  else
    result = sliceOp(op, value, dim, atZero);
  if (succeeded(result))
    memo[key] = *result;
  return result;
}

FailureOr<Value> Slicer::sliceOp(Operation *op, Value value, int64_t dim,
                                 bool atZero) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();

  if (isElementwise(op)) {
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      auto operandType = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (rank - operandType.getRank());
      if (operandDim < 0) {
        operands.push_back(operand);
        continue;
      }
      FailureOr<Value> sliced = slice(operand, operandDim, atZero);
      if (failed(sliced))
        return failure();
      operands.push_back(*sliced);
    }
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(operands);
    state.addAttributes(op->getAttrs());
    Type resultType = elementwiseResultType(op, operands);
    if (!resultType)
      return op->emitOpError("cannot be sliced for the running minimum");
    state.addTypes(resultType);
    return builder.create(state)->getResult(0);
  }

  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    int64_t inserted = expand.getDim();
    if (dim == inserted)
      return expand.getInput();
    int64_t inputDim = dim < inserted ? dim : dim - 1;
    FailureOr<Value> input = slice(expand.getInput(), inputDim, atZero);
    if (failed(input))
      return failure();
    int64_t newInserted = dim < inserted ? inserted - 1 : inserted;
    return ExpandDimsOp::create(builder, loc, *input, newInserted)
        .getResult();
  }

  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    int64_t inputDim = dim == rank - 1   ? rank - 2
                       : dim == rank - 2 ? rank - 1
                                         : dim;
    FailureOr<Value> input = slice(transpose.getInput(), inputDim, atZero);
    if (failed(input))
      return failure();
    if (dim >= rank - 2)
      return *input;
    return TransposeOp::create(builder, loc, *input).getResult();
  }

  if (auto take = dyn_cast<TakeOp>(op)) {
    int64_t taken = take.getDim();
    int64_t inputDim = dim < taken ? dim : dim + 1;
    FailureOr<Value> input = slice(take.getInput(), inputDim, atZero);
    if (failed(input))
      return failure();
    int64_t newTaken = taken < inputDim ? taken : taken - 1;
    return TakeOp::create(builder, loc, *input, take.getIndex(), newTaken)
        .getResult();
  }

  if (auto bcast = dyn_cast<BroadcastToOp>(op)) {
    Value input = bcast.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t inputDim = dim - (rank - inputType.getRank());
    if (inputDim >= 0) {
      FailureOr<Value> sliced = slice(input, inputDim, atZero);
      if (failed(sliced))
        return failure();
      input = *sliced;
    }
    SmallVector<Value> sizes;
    unsigned dynamicIndex = 0;
    for (int64_t i = 0; i < rank; ++i) {
      if (!type.isDynamicDim(i))
        continue;
      if (i != dim)
        sizes.push_back(bcast.getDynamicSizes()[dynamicIndex]);
      ++dynamicIndex;
    }
    return BroadcastToOp::create(builder, loc, dropDim(type, dim), input,
                                 sizes)
        .getResult();
  }

  if (isValueReduction(op) || isIndexReduction(op)) {
    Value input = op->getOperand(0);
    int64_t reduced = getReductionDim(op);
    bool keepdim = getReductionKeepDim(op);
    Value newInput;
    int64_t newReduced = reduced;
    if (keepdim && dim == reduced) {
      // The kept size-1 dimension: the same reduction without keepdim.
      newInput = input;
    } else {
      int64_t inputDim = keepdim ? dim : (dim < reduced ? dim : dim + 1);
      FailureOr<Value> sliced = slice(input, inputDim, atZero);
      if (failed(sliced))
        return failure();
      newInput = *sliced;
      newReduced = reduced < inputDim ? reduced : reduced - 1;
    }
    bool newKeepdim = keepdim && dim != reduced;
    Operation *created = nullptr;
    if (isa<SumOp>(op))
      created = SumOp::create(builder, loc, newInput, newReduced, newKeepdim);
    else if (isa<ReduceMinOp>(op))
      created =
          ReduceMinOp::create(builder, loc, newInput, newReduced, newKeepdim);
    else if (isa<ReduceMaxOp>(op))
      created =
          ReduceMaxOp::create(builder, loc, newInput, newReduced, newKeepdim);
    else if (isa<ArgMinOp>(op))
      created =
          ArgMinOp::create(builder, loc, newInput, newReduced, newKeepdim);
    else
      created =
          ArgMaxOp::create(builder, loc, newInput, newReduced, newKeepdim);
    // Annotations of other passes (fuse.certified_direct) stay with the
    // sliced reduction.
    created->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return created->getResult(0);
  }

  if (auto cst = dyn_cast<ConstantOp>(op))
    return sliceLeaf(cst.getResult(), dim, atZero);
  if (auto cst = dyn_cast<MatmulOp>(op))
    return op->emitOpError("must be canonicalized before the running-min "
                           "rewrite");
  return sliceLeaf(value, dim, atZero);
}

/// Moves ops of the running-min body that do not depend on the iteration
/// in front of the loop, so that they run once.
void hoistInvariants(RunningMinOp loop) {
  Block &body = loop.getBodyBlock();
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    bool invariant = llvm::all_of(op.getOperands(), [&](Value operand) {
      return !body.getParent()->isAncestor(operand.getParentRegion());
    });
    if (invariant && isMemoryEffectFree(&op) && op.getNumRegions() == 0)
      op.moveBefore(loop);
  }
}

/// Rewrites one index or min/max reduction into a running minimum.
LogicalResult rewriteIndexReduction(Operation *op) {
  Value reduced = op->getOperand(0);
  auto reducedType = cast<RankedTensorType>(reduced.getType());
  int64_t dim = getReductionDim(op);
  bool keepdim = getReductionKeepDim(op);
  bool isIndex = isIndexReduction(op);
  SelectKind kind = isa<ArgMinOp, ReduceMinOp>(op) ? SelectKind::min
                                                   : SelectKind::max;
  Location loc = op->getLoc();
  OpBuilder builder(op);

  RankedTensorType valueType = dropDim(reducedType, dim);
  auto indexType = RankedTensorType::get(valueType.getShape(),
                                         builder.getI64Type());
  Value placeholderTrips = arith::ConstantIndexOp::create(builder, loc, 0);
  auto loop = RunningMinOp::create(
      builder, loc, TypeRange{valueType, indexType}, kind, NanMode::propagate,
      placeholderTrips, Value(), Value(), Value());
  Block *block = new Block();
  loop.getBody().push_back(block);
  BlockArgument iteration = block->addArgument(builder.getIndexType(), loc);

  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(block);
  Slicer slicer(bodyBuilder, iteration, loc);
  FailureOr<Value> candidate = slicer.slice(reduced, dim, /*atZero=*/false);
  if (failed(candidate)) {
    loop.erase();
    return failure();
  }
  YieldOp::create(bodyBuilder, loc, ValueRange{*candidate});

  // The trip count: the static extent, or the size of a tensor that carries
  // the dimension.
  Value trips;
  builder.setInsertionPoint(loop);
  if (!reducedType.isDynamicDim(dim)) {
    trips = arith::ConstantIndexOp::create(builder, loc,
                                           reducedType.getDimSize(dim));
  } else if (slicer.extentSource) {
    auto [source, sourceDim] = *slicer.extentSource;
    trips = tensor::DimOp::create(builder, loc, source, sourceDim);
  } else {
    loop.erase();
    return op->emitOpError("cannot find the dynamic extent of dimension ")
           << dim << " for the running minimum";
  }
  loop.getTripsMutable().assign(trips);
  if (placeholderTrips.use_empty())
    placeholderTrips.getDefiningOp()->erase();
  hoistInvariants(loop);

  builder.setInsertionPointAfter(loop);
  Value result = isIndex ? loop.getIndex() : loop.getValue();
  if (keepdim)
    result = ExpandDimsOp::create(builder, loc, result, dim);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Rolling up user-written running steps
//===----------------------------------------------------------------------===//

/// One step of a user-written running minimum:
///   better = cmp lt(d, best); best' = where(better, d, best);
///   idx' = where(better, j, idx)
/// The last step of a chain may lack best' when only the labels are used.
struct RunningStep {
  CmpOp better;
  WhereOp bestValue;
  WhereOp bestIndex;
  Value distance() { return better.getLhs(); }
  Value previousValue() { return better.getRhs(); }
  Value previousIndex() { return bestIndex.getFalseValue(); }
  Value stepIndex() { return bestIndex.getTrueValue(); }
};

std::optional<RunningStep> matchStep(CmpOp cmp) {
  if (cmp.getPredicate() != CmpPredicate::lt &&
      cmp.getPredicate() != CmpPredicate::gt)
    return std::nullopt;
  // The candidates of a running minimum are numbers: an i1 comparison
  // (false < true) is no step.
  Type compared = getElementTypeOrSelf(cmp.getLhs().getType());
  if (!compared.isIntOrFloat() || compared.isInteger(1))
    return std::nullopt;
  WhereOp value, index;
  for (Operation *user : cmp->getUsers()) {
    auto where = dyn_cast<WhereOp>(user);
    if (!where || where.getCond() != cmp.getResult())
      return std::nullopt;
    if (where.getTrueValue() == cmp.getLhs() &&
        where.getFalseValue() == cmp.getRhs() && !value)
      value = where;
    else if (getElementTypeOrSelf(where.getType()).isInteger(64) &&
             !index)
      index = where;
    else
      return std::nullopt;
  }
  if (!index)
    return std::nullopt;
  auto stepType = dyn_cast<RankedTensorType>(index.getTrueValue().getType());
  if (!stepType || stepType.getRank() != 0)
    return std::nullopt;
  if (value && value.getType().getShape() != index.getType().getShape())
    return std::nullopt;
  return RunningStep{cmp, value, index};
}

std::optional<int64_t> constantIndex(Value value) {
  APInt v;
  if (matchPattern(value, m_ConstantInt(&v)))
    return v.getSExtValue();
  DenseIntElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) && attr.isSplat())
    return attr.getSplatValue<APInt>().getSExtValue();
  return std::nullopt;
}

/// Structural equality of the computations of two steps' distances, where
/// `take` indices may differ by the step distance `delta`.
bool sameModuloStep(Value a, Value b, int64_t delta,
                    DenseMap<std::pair<Value, Value>, bool> &memo) {
  if (a == b)
    return true;
  auto key = std::make_pair(a, b);
  auto it = memo.find(key);
  if (it != memo.end())
    return it->second;
  bool same = false;
  Operation *opA = a.getDefiningOp();
  Operation *opB = b.getDefiningOp();
  if (opA && opB && opA->getName() == opB->getName() &&
      opA->getAttrDictionary() == opB->getAttrDictionary() &&
      a.getType() == b.getType() &&
      opA->getNumOperands() == opB->getNumOperands() &&
      opA->getNumRegions() == 0 && isa<FuseDialect>(opA->getDialect())) {
    if (auto takeA = dyn_cast<TakeOp>(opA)) {
      auto takeB = cast<TakeOp>(opB);
      std::optional<int64_t> ia = constantIndex(takeA.getIndex());
      std::optional<int64_t> ib = constantIndex(takeB.getIndex());
      same = ia && ib && *ib - *ia == delta &&
             sameModuloStep(takeA.getInput(), takeB.getInput(), delta, memo);
    } else {
      same = true;
      for (auto [x, y] : llvm::zip(opA->getOperands(), opB->getOperands()))
        same = same && sameModuloStep(x, y, delta, memo);
    }
  }
  memo[key] = same;
  return same;
}

/// Whether `value` depends on a constant-index take (the part of a step that
/// changes from step to step).
bool dependsOnTake(Value value, DenseMap<Value, bool> &memo) {
  auto it = memo.find(value);
  if (it != memo.end())
    return it->second;
  bool depends = false;
  if (Operation *op = value.getDefiningOp()) {
    if (auto take = dyn_cast<TakeOp>(op))
      depends = constantIndex(take.getIndex()).has_value();
    if (!depends && isa<FuseDialect>(op->getDialect()))
      for (Value operand : op->getOperands())
        depends = depends || dependsOnTake(operand, memo);
  }
  memo[value] = depends;
  return depends;
}

/// Clones the step-dependent part of `value` into the running-min body,
/// replacing each constant take index c by (c - base + t).
Value cloneStep(OpBuilder &builder, Value value, Value iteration,
                int64_t base, IRMapping &mapping,
                DenseMap<Value, bool> &dependsMemo) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (!dependsOnTake(value, dependsMemo))
    return value;
  Operation *op = value.getDefiningOp();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(
        cloneStep(builder, operand, iteration, base, mapping, dependsMemo));
  if (auto take = dyn_cast<TakeOp>(op)) {
    if (std::optional<int64_t> c = constantIndex(take.getIndex())) {
      Value index = iteration;
      if (*c != base) {
        Value shift = arith::ConstantIndexOp::create(builder, op->getLoc(),
                                                     *c - base);
        index = arith::AddIOp::create(builder, op->getLoc(), iteration, shift);
      }
      operands[1] = index;
    }
  }
  Operation *clone = builder.clone(*op);
  clone->setOperands(operands);
  // A step may depend on a running_min rolled up before (its labels): map
  // every result, and return the one `value` is.
  for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
    mapping.map(from, to);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

/// Rolls the chain of running steps that ends at `last` into one
/// fuse.running_min. Returns true when it rewrote the IR.
bool rollUpChain(RunningStep last) {
  // Walk the chain backwards while each previous state is produced by the
  // step before and used by nothing else.
  SmallVector<RunningStep> steps = {last};
  while (true) {
    RunningStep &first = steps.front();
    auto prevCmp = [&]() -> CmpOp {
      auto prevValue = first.previousValue().getDefiningOp<WhereOp>();
      if (!prevValue)
        return {};
      return prevValue.getCond().getDefiningOp<CmpOp>();
    }();
    if (!prevCmp)
      break;
    std::optional<RunningStep> prev = matchStep(prevCmp);
    if (!prev || !prev->bestValue ||
        prev->bestValue.getResult() != first.previousValue() ||
        prev->bestIndex.getResult() != first.previousIndex() ||
        prev->better.getPredicate() != first.better.getPredicate())
      break;
    // The intermediate state must feed only the next step.
    auto onlyFeeds = [&](Value v, ArrayRef<Operation *> allowed) {
      return llvm::all_of(v.getUsers(), [&](Operation *u) {
        return llvm::is_contained(allowed, u);
      });
    };
    SmallVector<Operation *> valueUsers = {first.better};
    if (first.bestValue)
      valueUsers.push_back(first.bestValue);
    if (!onlyFeeds(prev->bestValue, valueUsers) ||
        !onlyFeeds(prev->bestIndex, {first.bestIndex}))
      break;
    steps.insert(steps.begin(), *prev);
  }

  // Step indices: constants base, base+1, ... or a single runtime index.
  int64_t count = steps.size();
  std::optional<int64_t> base = constantIndex(steps.front().stepIndex());
  Value offset;
  if (base) {
    for (int64_t t = 0; t < count; ++t) {
      std::optional<int64_t> jt = constantIndex(steps[t].stepIndex());
      // base + t overflowed for a label of INT64_MAX (found by fusec-fuzz).
      std::optional<int64_t> expected = llvm::checkedAdd(*base, t);
      if (!jt || !expected || *jt != *expected)
        return false;
    }
  } else if (count == 1) {
    offset = steps.front().stepIndex();
  } else {
    return false;
  }

  // Every step computes the same distance, shifted by one take index.
  DenseMap<std::pair<Value, Value>, bool> sameMemo;
  for (int64_t t = 1; t < count; ++t)
    if (!sameModuloStep(steps[0].distance(), steps[t].distance(), t,
                        sameMemo))
      return false;

  RunningStep &first = steps.front();
  RunningStep &final = steps.back();
  OpBuilder builder(final.bestIndex);
  Location loc = final.better.getLoc();
  // The index recorded for step t is offset + t; a constant base other than
  // zero becomes a constant offset.
  if (base && *base != 0)
    offset = ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, builder.getI64Type()),
                               builder.getI64IntegerAttr(*base).getValue()));

  Value trips = arith::ConstantIndexOp::create(builder, loc, count);
  SelectKind kind = first.better.getPredicate() == CmpPredicate::lt
                        ? SelectKind::min
                        : SelectKind::max;
  auto indexType = cast<RankedTensorType>(final.bestIndex.getType());
  auto valueType = RankedTensorType::get(
      indexType.getShape(), getElementTypeOrSelf(first.distance().getType()));
  auto loop = RunningMinOp::create(
      builder, loc, TypeRange{valueType, indexType}, kind, NanMode::ignore,
      trips, first.previousValue(), first.previousIndex(), offset);
  Block *block = new Block();
  loop.getBody().push_back(block);
  BlockArgument iteration = block->addArgument(builder.getIndexType(), loc);
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(block);
  IRMapping mapping;
  DenseMap<Value, bool> dependsMemo;
  // Iteration t is step t, whose takes are step 0's shifted by t: a take
  // index c of step 0 becomes c + t (sameModuloStep checked the shifts).
  Value candidate = cloneStep(bodyBuilder, first.distance(), iteration,
                              /*base=*/0, mapping, dependsMemo);
  if (candidate == first.distance() && count > 1) {
    // Nothing varies between steps: the chain is legal but the body would
    // be loop-invariant; leave the user's form alone.
    loop.erase();
    return false;
  }
  YieldOp::create(bodyBuilder, loc, ValueRange{candidate});

  if (final.bestValue)
    final.bestValue.getResult().replaceAllUsesWith(loop.getValue());
  final.bestIndex.getResult().replaceAllUsesWith(loop.getIndex());
  for (RunningStep &step : llvm::reverse(steps)) {
    step.bestIndex.erase();
    if (step.bestValue)
      step.bestValue.erase();
    step.better.erase();
  }
  return true;
}

struct FuseArgminToRunningMinPass
    : public mlir::fuse::impl::FuseArgminToRunningMinBase<
          FuseArgminToRunningMinPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();

    // User-written chains first: find final steps (whose state feeds no
    // further step) and roll each chain up.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<CmpOp> finals;
      func.walk([&](CmpOp cmp) {
        std::optional<RunningStep> step = matchStep(cmp);
        if (!step)
          return;
        bool feedsNext = step->bestValue && llvm::any_of(
            step->bestValue->getUsers(), [&](Operation *user) {
              auto next = dyn_cast<CmpOp>(user);
              return next && next.getRhs() == step->bestValue.getResult() &&
                     matchStep(next).has_value();
            });
        if (!feedsNext)
          finals.push_back(cmp);
      });
      for (CmpOp cmp : finals) {
        std::optional<RunningStep> step = matchStep(cmp);
        if (step && rollUpChain(*step)) {
          changed = true;
          break;
        }
      }
    }

    // Then every index reduction (inner ones first, so that the loops nest).
    while (true) {
      Operation *next = nullptr;
      func.walk<WalkOrder::PostOrder>([&](Operation *op) {
        if (!next && (isIndexReduction(op) || isa<ReduceMinOp, ReduceMaxOp>(op)))
          next = op;
      });
      if (!next)
        break;
      if (failed(rewriteIndexReduction(next)))
        return signalPassFailure();
    }

    // The producers of the reduced tensors are dead now.
    while (true) {
      SmallVector<Operation *> dead;
      func.walk([&](Operation *op) {
        if (isa<FuseDialect, arith::ArithDialect, tensor::TensorDialect>(
                op->getDialect()) &&
            !isa<KernelOp, YieldOp>(op) && isOpTriviallyDead(op))
          dead.push_back(op);
      });
      if (dead.empty())
        break;
      for (Operation *op : dead)
        op->erase();
    }
  }
};

} // namespace
