//===- FuseOps.cpp - fuse dialect operations ------------------------------===//
//
// Part of fusec. Shape inference, verifiers, folders and canonicalization
// patterns of the fuse dialect.
//
//===----------------------------------------------------------------------===//

#include "fusec/Dialect/Fuse/IR/FuseOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::fuse;

#include "fusec/Dialect/Fuse/IR/FuseOpsEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

static std::string formatSize(int64_t size) {
  return ShapedType::isDynamic(size) ? std::string("?")
                                     : std::to_string(size);
}

FailureOr<SmallVector<int64_t>>
mlir::fuse::broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes,
                            std::optional<Location> loc) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result(rank, 1);
  for (size_t fromBack = 0; fromBack < rank; ++fromBack) {
    int64_t size = 1;
    int owner = -1;
    bool sawDynamic = false;
    for (auto [operandIdx, shape] : llvm::enumerate(shapes)) {
      if (fromBack >= shape.size())
        continue;
      int64_t dim = shape[shape.size() - 1 - fromBack];
      if (dim == 1)
        continue;
      if (ShapedType::isDynamic(dim)) {
        sawDynamic = true;
        continue;
      }
      if (size == 1) {
        size = dim;
        owner = operandIdx;
        continue;
      }
      if (size != dim) {
        return emitOptionalError(
            loc, "operands are not broadcast-compatible: operand #", owner,
            " has size ", size, " and operand #", operandIdx, " has size ",
            dim, " in dimension ", rank - 1 - fromBack,
            " of the broadcast result");
      }
    }
    result[rank - 1 - fromBack] =
        size != 1 ? size : (sawDynamic ? ShapedType::kDynamic : 1);
  }
  return result;
}

/// Infers the broadcast result of `operands` with element type
/// `elementType` (or, when null, the element type of the last operand).
static LogicalResult inferBroadcast(std::optional<Location> loc,
                                    ValueRange operands, Type elementType,
                                    SmallVectorImpl<Type> &inferred) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value operand : operands) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      return emitOptionalError(loc, "expected ranked tensor operands");
    shapes.push_back(type.getShape());
    if (!elementType)
      elementType = type.getElementType();
  }
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(shapes, loc);
  if (failed(shape))
    return failure();
  inferred.push_back(RankedTensorType::get(*shape, elementType));
  return success();
}

static LogicalResult checkSameElementType(std::optional<Location> loc,
                                          Value lhs, Value rhs,
                                          StringRef what) {
  Type lhsType = getElementTypeOrSelf(lhs.getType());
  Type rhsType = getElementTypeOrSelf(rhs.getType());
  if (lhsType != rhsType)
    return emitOptionalError(loc, what, " must have the same element type, "
                                        "got ",
                             lhsType, " and ", rhsType);
  return success();
}

static LogicalResult checkDimInRange(std::optional<Location> loc, int64_t dim,
                                     int64_t limit, int64_t rank) {
  if (dim < 0 || dim >= limit)
    return emitOptionalError(loc, "dimension ", dim,
                             " is out of range for a tensor of rank ", rank);
  return success();
}

/// Checks the result type of `op` against the type its operands imply.
static LogicalResult verifyInferred(Operation *op, Type inferred) {
  if (!inferred)
    return failure(); // The inference already emitted the diagnostic.
  if (inferred != op->getResult(0).getType())
    return op->emitOpError("result type ")
           << op->getResult(0).getType()
           << " does not match the inferred type " << inferred;
  return success();
}

/// Runs an inference that reports into `inferred` and returns its single
/// type, or a null type on failure.
template <typename Fn>
static Type inferOne(Fn &&fn) {
  SmallVector<Type, 1> inferred;
  if (failed(fn(inferred)))
    return Type();
  return inferred.front();
}

bool mlir::fuse::isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::fuse::BroadcastingElementwise>();
}
bool mlir::fuse::isValueReduction(Operation *op) {
  return op->hasTrait<OpTrait::fuse::Reduction>();
}
bool mlir::fuse::isIndexReduction(Operation *op) {
  return op->hasTrait<OpTrait::fuse::IndexReduction>();
}
int64_t mlir::fuse::getReductionDim(Operation *op) {
  return cast<IntegerAttr>(op->getAttr("dim")).getInt();
}
bool mlir::fuse::getReductionKeepDim(Operation *op) {
  return op->hasAttr("keepdim");
}

/// Returns the splat value of `attr` when it is a splat elements attribute.
static Attribute getSplat(Attribute attr) {
  auto dense = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!dense)
    return {};
  return dense.getSplatValue<Attribute>();
}

static bool isSplatOf(Attribute attr, double value) {
  Attribute splat = getSplat(attr);
  if (auto f = dyn_cast_or_null<FloatAttr>(splat))
    return f.getValue().isExactlyValue(value);
  if (auto i = dyn_cast_or_null<IntegerAttr>(splat))
    return i.getValue().getSExtValue() == static_cast<int64_t>(value) &&
           static_cast<double>(i.getValue().getSExtValue()) == value;
  return false;
}

/// Folds a binary op whose operands are both splat constants.
template <typename FloatFn, typename IntFn>
static OpFoldResult foldSplatBinary(ArrayRef<Attribute> operands,
                                    Type resultType, FloatFn floatFn,
                                    IntFn intFn) {
  Attribute lhs = getSplat(operands[0]);
  Attribute rhs = getSplat(operands[1]);
  auto shaped = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !shaped || !shaped.hasStaticShape())
    return {};
  if (auto lf = dyn_cast<FloatAttr>(lhs)) {
    auto rf = dyn_cast<FloatAttr>(rhs);
    if (!rf)
      return {};
    std::optional<APFloat> value = floatFn(lf.getValue(), rf.getValue());
    if (!value)
      return {};
    return DenseElementsAttr::get(shaped, *value);
  }
  if (auto li = dyn_cast<IntegerAttr>(lhs)) {
    auto ri = dyn_cast<IntegerAttr>(rhs);
    if (!ri)
      return {};
    std::optional<APInt> value = intFn(li.getValue(), ri.getValue());
    if (!value)
      return {};
    return DenseElementsAttr::get(shaped, *value);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Checks of every fuse op
//===----------------------------------------------------------------------===//

LogicalResult OpTrait::fuse::impl::verifyKnownAttributes(Operation *op) {
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    // Namespaced attributes are annotations of passes and other dialects
    // (fuse.ledger, fusec.schedule): they are kept as MLIR keeps them.
    StringRef name = attr.getName().getValue();
    if (name.contains('.'))
      continue;
    std::string known;
    for (StringAttr ownName : op->getName().getAttributeNames()) {
      // Not written by users: generic syntax only.
      if (ownName.getValue() == "operandSegmentSizes")
        continue;
      known += (known.empty() ? "'" : ", '") + ownName.getValue().str() + "'";
    }
    return op->emitOpError("has unknown attribute '")
           << name << "' ("
           << (known.empty() ? "it has no attributes" : "known: " + known)
           << "; other attributes need a dialect prefix, as in 'my." << name
           << "')";
  }
  return success();
}

/// Whether a dense tensor of the static sizes of `type` (a dynamic
/// dimension counts as 1) spans at most INT64_MAX bytes.
static bool isAddressable(RankedTensorType type) {
  Type element = type.getElementType();
  // Element types fusec does not support are the type constraints' error.
  int64_t bytes =
      element.isIntOrFloat()
          ? std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8)
          : 1;
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size) && llvm::MulOverflow(bytes, size, bytes))
      return false;
  return true;
}

LogicalResult OpTrait::fuse::impl::verifyAddressableTypes(Operation *op) {
  auto check = [&](Type type, StringRef kind,
                   unsigned number) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || isAddressable(tensor))
      return success();
    return op->emitOpError()
           << kind << " #" << number << " type " << type
           << " spans more than INT64_MAX bytes (fusec counts and indexes "
              "tensors with 64-bit signed integers)";
  };
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", i)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

static Type inferBinary(std::optional<Location> loc, ValueRange operands) {
  if (failed(checkSameElementType(loc, operands[0], operands[1], "operands")))
    return Type();
  return inferOne([&](SmallVectorImpl<Type> &inferred) {
    return inferBroadcast(loc, operands, Type(), inferred);
  });
}

#define FUSE_BINARY_INFER(OP)                                                  \
  Type OP::inferResultType(std::optional<Location> loc, ValueRange operands) { \
    return inferBinary(loc, operands);                                         \
  }                                                                            \
  LogicalResult OP::verify() {                                                 \
    return verifyInferred(*this,                                               \
                          inferResultType(getLoc(), (*this)->getOperands()));  \
  }
FUSE_BINARY_INFER(AddOp)
FUSE_BINARY_INFER(SubOp)
FUSE_BINARY_INFER(MulOp)
FUSE_BINARY_INFER(DivOp)
FUSE_BINARY_INFER(MaxOp)
FUSE_BINARY_INFER(MinOp)
#undef FUSE_BINARY_INFER

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 is x only for integers: -0.0 + 0.0 is +0.0.
  if (getType() == getLhs().getType() &&
      isa<IntegerType>(getType().getElementType()) &&
      isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.add(b, APFloat::rmNearestTiesToEven);
        return a;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a + b;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  // x - 0 is exact for floats (-0.0 - 0.0 is -0.0) and integers.
  if (getType() == getLhs().getType() && isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.subtract(b, APFloat::rmNearestTiesToEven);
        return a;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a - b;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (getType() == getLhs().getType() && isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  if (getType() == getRhs().getType() && isSplatOf(adaptor.getLhs(), 1))
    return getRhs();
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.multiply(b, APFloat::rmNearestTiesToEven);
        return a;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a * b;
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (getType() == getLhs().getType() && isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.divide(b, APFloat::rmNearestTiesToEven);
        return a;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero() || (a.isMinSignedValue() && b.isAllOnes()))
          return std::nullopt;
        return a.sdiv(b);
      });
}

static std::optional<APFloat> nanAwareExtreme(const APFloat &a,
                                              const APFloat &b, bool isMax) {
  if (a.isNaN())
    return a;
  if (b.isNaN())
    return b;
  return isMax ? llvm::maximum(a, b) : llvm::minimum(a, b);
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) {
        return nanAwareExtreme(a, b, /*isMax=*/true);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.sgt(b) ? a : b;
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  return foldSplatBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) {
        return nanAwareExtreme(a, b, /*isMax=*/false);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.slt(b) ? a : b;
      });
}

namespace {
/// mul(x, x) -> square(x): one canonical form for the product of a value
/// with itself, so that fusion and the ledger see one op.
struct MulSelfToSquare : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return failure();
    rewriter.replaceOpWithNewOp<SquareOp>(op, op.getLhs());
    return success();
  }
};

/// square(neg(x)) and square(abs(x)) -> square(x).
struct SquareOfSignChange : OpRewritePattern<SquareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SquareOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getInput().getDefiningOp();
    if (!isa_and_nonnull<NegOp, AbsOp>(producer))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getInputMutable().assign(producer->getOperand(0)); });
    return success();
  }
};

/// matmul(a, b) -> sum(mul(expand_dims(a, 2), expand_dims(b, 0)), dim = 1).
/// The contraction becomes an ordinary broadcast product and reduction,
/// which fusion and the running-min rewrite already understand.
struct MatmulToMulSum : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = ExpandDimsOp::create(rewriter, loc, op.getLhs(), 2);
    Value rhs = ExpandDimsOp::create(rewriter, loc, op.getRhs(), 0);
    Value product = MulOp::create(rewriter, loc, lhs, rhs);
    rewriter.replaceOpWithNewOp<SumOp>(op, product, /*dim=*/1,
                                       /*keepdim=*/false);
    return success();
  }
};
} // namespace

void MulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<MulSelfToSquare>(context);
}

void SquareOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<SquareOfSignChange>(context);
}

void MatmulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<MatmulToMulSum>(context);
}

//===----------------------------------------------------------------------===//
// CmpOp / WhereOp
//===----------------------------------------------------------------------===//

Type CmpOp::inferResultType(std::optional<Location> loc,
                            ValueRange operands) {
  if (failed(checkSameElementType(loc, operands[0], operands[1],
                                  "compared operands")))
    return Type();
  return inferOne([&](SmallVectorImpl<Type> &inferred) {
    return inferBroadcast(loc, operands,
                          IntegerType::get(operands[0].getContext(), 1),
                          inferred);
  });
}

LogicalResult CmpOp::verify() {
  return verifyInferred(*this, inferResultType(getLoc(), getOperands()));
}

Type WhereOp::inferResultType(std::optional<Location> loc,
                              ValueRange operands) {
  if (failed(checkSameElementType(loc, operands[1], operands[2],
                                  "selected operands")))
    return Type();
  return inferOne([&](SmallVectorImpl<Type> &inferred) {
    return inferBroadcast(loc, operands,
                          getElementTypeOrSelf(operands[1].getType()),
                          inferred);
  });
}

LogicalResult WhereOp::verify() {
  return verifyInferred(*this, inferResultType(getLoc(), getOperands()));
}

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  if (getTrueValue() == getFalseValue() &&
      getTrueValue().getType() == getType())
    return getTrueValue();
  auto cond = dyn_cast_or_null<BoolAttr>(getSplat(adaptor.getCond()));
  if (!cond)
    if (auto i = dyn_cast_or_null<IntegerAttr>(getSplat(adaptor.getCond())))
      cond = BoolAttr::get(getContext(), !i.getValue().isZero());
  if (!cond)
    return {};
  Value picked = cond.getValue() ? getTrueValue() : getFalseValue();
  return picked.getType() == getType() ? picked : Value();
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return {};
}

OpFoldResult AbsOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<AbsOp>())
    return inner.getResult();
  return {};
}

OpFoldResult ReluOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<ReluOp>())
    return inner.getResult();
  return {};
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

Type ExpandDimsOp::inferResultType(std::optional<Location> loc, Value input,
                                   int64_t dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type)
    return Type();
  if (dim < 0 || dim > type.getRank()) {
    (void)emitOptionalError(loc, "dimension ", dim,
                            " is out of range for inserting into a tensor "
                            "of rank ",
                            type.getRank());
    return Type();
  }
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + dim, 1);
  return RankedTensorType::get(shape, type.getElementType());
}

LogicalResult ExpandDimsOp::verify() {
  return verifyInferred(*this, inferResultType(getLoc(), getInput(), getDim()));
}

LogicalResult BroadcastToOp::verify() {
  RankedTensorType in = getInput().getType();
  RankedTensorType out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result element type ")
           << out.getElementType() << " differs from input element type "
           << in.getElementType();
  if (static_cast<int64_t>(getDynamicSizes().size()) !=
      static_cast<int64_t>(out.getNumDynamicDims()))
    return emitOpError("expects ")
           << out.getNumDynamicDims() << " dynamic size operands, got "
           << getDynamicSizes().size();
  if (in.getRank() > out.getRank())
    return emitOpError("cannot broadcast a tensor of rank ")
           << in.getRank() << " to rank " << out.getRank();
  int64_t offset = out.getRank() - in.getRank();
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t from = in.getDimSize(i), to = out.getDimSize(i + offset);
    if (from == 1 || ShapedType::isDynamic(from) || ShapedType::isDynamic(to))
      continue;
    if (from != to)
      return emitOpError("cannot broadcast size ")
             << from << " of input dimension " << i << " to size " << to;
  }
  return success();
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType() && getDynamicSizes().empty())
    return getInput();
  return {};
}

Type TransposeOp::inferResultType(std::optional<Location> loc, Value input) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type || type.getRank() < 2) {
    (void)emitOptionalError(loc, "transpose needs a tensor of rank 2 or more");
    return Type();
  }
  SmallVector<int64_t> shape(type.getShape());
  std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
  return RankedTensorType::get(shape, type.getElementType());
}

LogicalResult TransposeOp::verify() {
  return verifyInferred(*this, inferResultType(getLoc(), getInput()));
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<TransposeOp>())
    return inner.getInput();
  return {};
}

Type TakeOp::inferResultType(std::optional<Location> loc, Value input,
                             int64_t dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type ||
      failed(checkDimInRange(loc, dim, type.getRank(), type.getRank())))
    return Type();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return RankedTensorType::get(shape, type.getElementType());
}

LogicalResult TakeOp::verify() {
  if (failed(verifyInferred(*this,
                            inferResultType(getLoc(), getInput(), getDim()))))
    return failure();
  APInt index;
  if (!matchPattern(getIndex(), m_ConstantInt(&index)))
    return success();
  int64_t size = getInput().getType().getDimSize(getDim());
  if (index.isNegative() ||
      (!ShapedType::isDynamic(size) && index.getSExtValue() >= size))
    return emitOpError("index ")
           << index.getSExtValue() << " is out of range for dimension "
           << getDim() << " of size " << formatSize(size);
  return success();
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from result type "
           << getType();
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "cst");
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

static Type inferReduction(std::optional<Location> loc, Value input,
                           int64_t dim, bool keepdim, bool isIndex) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type)
    return Type();
  if (type.getRank() == 0) {
    (void)emitOptionalError(loc, "cannot reduce a rank-0 tensor");
    return Type();
  }
  if (failed(checkDimInRange(loc, dim, type.getRank(), type.getRank())))
    return Type();
  SmallVector<int64_t> shape(type.getShape());
  if (keepdim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  Type element = isIndex ? IntegerType::get(input.getContext(), 64)
                         : type.getElementType();
  return RankedTensorType::get(shape, element);
}

#define FUSE_REDUCE_INFER(OP, IS_INDEX)                                        \
  Type OP::inferResultType(std::optional<Location> loc, Value input,           \
                           int64_t dim, bool keepdim) {                        \
    return inferReduction(loc, input, dim, keepdim, IS_INDEX);                 \
  }                                                                            \
  LogicalResult OP::verify() {                                                 \
    return verifyInferred(*this, inferResultType(getLoc(), getInput(),         \
                                                 getDim(), getKeepdim()));     \
  }
FUSE_REDUCE_INFER(SumOp, false)
FUSE_REDUCE_INFER(ReduceMinOp, false)
FUSE_REDUCE_INFER(ReduceMaxOp, false)
FUSE_REDUCE_INFER(ArgMinOp, true)
FUSE_REDUCE_INFER(ArgMaxOp, true)
#undef FUSE_REDUCE_INFER

Type MatmulOp::inferResultType(std::optional<Location> loc,
                               ValueRange operands) {
  auto lhs = dyn_cast<RankedTensorType>(operands[0].getType());
  auto rhs = dyn_cast<RankedTensorType>(operands[1].getType());
  if (!lhs || !rhs || lhs.getRank() != 2 || rhs.getRank() != 2) {
    (void)emitOptionalError(loc, "matmul expects two rank-2 tensors");
    return Type();
  }
  if (failed(checkSameElementType(loc, operands[0], operands[1], "operands")))
    return Type();
  int64_t inner = lhs.getDimSize(1), rhsInner = rhs.getDimSize(0);
  if (!ShapedType::isDynamic(inner) && !ShapedType::isDynamic(rhsInner) &&
      inner != rhsInner) {
    (void)emitOptionalError(loc, "contracted sizes differ: ", inner, " and ",
                            rhsInner);
    return Type();
  }
  return RankedTensorType::get({lhs.getDimSize(0), rhs.getDimSize(1)},
                               lhs.getElementType());
}

LogicalResult MatmulOp::verify() {
  if (failed(verifyInferred(*this, inferResultType(getLoc(), getOperands()))))
    return failure();
  // fusec computes a matmul as the sum of its broadcast product
  // (MatmulToMulSum), which must be addressable too: canonicalization left
  // IR that failed to verify (found by fusec-fuzz).
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  int64_t inner = lhs.isDynamicDim(1) ? rhs.getDimSize(0) : lhs.getDimSize(1);
  auto product =
      RankedTensorType::get({lhs.getDimSize(0), inner, rhs.getDimSize(1)},
                            lhs.getElementType());
  if (!isAddressable(product))
    return emitOpError("computes the product ")
           << product
           << ", which spans more than INT64_MAX bytes (fusec counts and "
              "indexes tensors with 64-bit signed integers)";
  return success();
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     StringRef name, TypeRange resultTypes,
                     ValueRange inputs) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value input : inputs)
    block->addArgument(input.getType(), input.getLoc());
}

YieldOp KernelOp::getYield() {
  return cast<YieldOp>(getBodyBlock().getTerminator());
}

LogicalResult KernelOp::verify() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("expects ")
           << getInputs().size() << " block arguments, got "
           << block.getNumArguments();
  for (auto [arg, input] : llvm::zip(block.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError("block argument type ")
             << arg.getType() << " differs from input type "
             << input.getType();
  return success();
}

void KernelOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "in" + std::to_string(arg.getArgNumber()));
}

//===----------------------------------------------------------------------===//
// RunningMinOp
//===----------------------------------------------------------------------===//

Value RunningMinOp::getCandidate() {
  return cast<YieldOp>(getBodyBlock().getTerminator()).getValues().front();
}

LogicalResult RunningMinOp::verify() {
  if (static_cast<bool>(getInitValue()) != static_cast<bool>(getInitIndex()))
    return emitOpError("expects both an initial value and an initial index, "
                       "or neither");
  if (getOffset() && getOffset().getType().getRank() != 0)
    return emitOpError("expects a rank-0 index offset");
  if (getValue().getType().getShape() != getIndex().getType().getShape())
    return emitOpError("value and index results must have the same shape");
  return success();
}

LogicalResult RunningMinOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != 1 ||
      !block.getArgument(0).getType().isIndex())
    return emitOpError("body must take exactly one index argument");
  auto yield = cast<YieldOp>(block.getTerminator());
  if (yield.getValues().size() != 1)
    return emitOpError("body must yield exactly one candidate tensor");
  auto candidate = dyn_cast<RankedTensorType>(yield.getValues()[0].getType());
  if (!candidate || candidate.getElementType().isInteger(1))
    return emitOpError("candidate must be a numeric tensor");
  if (candidate.getElementType() != getValue().getType().getElementType())
    return emitOpError("value element type ")
           << getValue().getType().getElementType()
           << " differs from the candidate element type "
           << candidate.getElementType();
  SmallVector<ArrayRef<int64_t>> shapes = {candidate.getShape()};
  if (getInitValue()) {
    shapes.push_back(getInitValue().getType().getShape());
    shapes.push_back(getInitIndex().getType().getShape());
    if (getInitValue().getType().getElementType() !=
        candidate.getElementType())
      return emitOpError("initial value element type differs from the "
                         "candidate element type");
  }
  FailureOr<SmallVector<int64_t>> shape = broadcastShapes(shapes, getLoc());
  if (failed(shape))
    return failure();
  if (ArrayRef<int64_t>(*shape) != getValue().getType().getShape())
    return emitOpError("result shape does not match the broadcast of the "
                       "candidate and initial state");
  return success();
}

void RunningMinOp::getAsmBlockArgumentNames(Region &region,
                                            OpAsmSetValueNameFn setNameFn) {
  setNameFn(region.getArgument(0), "t");
}

void RunningMinOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValue(), "best");
  setNameFn(getIndex(), "idx");
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  if (auto kernel = dyn_cast<KernelOp>((*this)->getParentOp())) {
    if (getValues().getTypes() != kernel.getResultTypes())
      return emitOpError("yielded types do not match the kernel result "
                         "types");
  }
  return success();
}

#define GET_OP_CLASSES
#include "fusec/Dialect/Fuse/IR/FuseOps.cpp.inc"
