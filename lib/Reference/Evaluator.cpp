//===- Evaluator.cpp - reference evaluator of the fuse dialect ------------===//
//
// Part of fusec. An eager, op-by-op interpreter of the fuse dialect on
// materialised row-major tensors; see Evaluator.h for the precision and
// error model. Each op is implemented from its description in FuseOps.td.
// Nothing here is shared with the compiler's lowering on purpose: the
// evaluator is the oracle the compiled code is compared against.
//
//===----------------------------------------------------------------------===//

#include "fusec/Reference/Evaluator.h"

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <optional>

using namespace mlir;
using namespace fusec;
using namespace fusec::ref;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

static bool isFloatElement(Type type) {
  return type && isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

/// The width of a supported integer element type (i1, i32 or i64), else 0.
static unsigned intWidth(Type type) {
  auto intType = dyn_cast_or_null<IntegerType>(type);
  if (!intType || !intType.isSignless())
    return 0;
  unsigned width = intType.getWidth();
  return (width == 1 || width == 32 || width == 64) ? width : 0;
}

static bool isSupportedElement(Type type) {
  return isFloatElement(type) || intWidth(type) != 0;
}

static std::string typeToString(Type type) {
  if (!type)
    return "<null type>";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The value an integer op of `width` bits produces from the low bits of a
/// two's complement result: sign-extended, or 0/1 for i1.
static int64_t wrapToWidth(uint64_t bits, unsigned width) {
  if (width == 1)
    return static_cast<int64_t>(bits & 1);
  if (width >= 64)
    return static_cast<int64_t>(bits);
  return llvm::SignExtend64(bits, width);
}

static int64_t minOfWidth(unsigned width) {
  if (width == 1)
    return 0;
  if (width >= 64)
    return std::numeric_limits<int64_t>::min();
  return -(int64_t(1) << (width - 1));
}

static int64_t maxOfWidth(unsigned width) {
  if (width == 1)
    return 1;
  if (width >= 64)
    return std::numeric_limits<int64_t>::max();
  return (int64_t(1) << (width - 1)) - 1;
}

/// The number of elements of `shape`, or nullopt when a size is negative or
/// the product overflows. A zero size anywhere gives 0 regardless of order,
/// so that `(2^62, 4, 0)` is an empty tensor and not an overflow.
static std::optional<int64_t> productOf(ArrayRef<int64_t> shape) {
  for (int64_t size : shape)
    if (size < 0)
      return std::nullopt;
  for (int64_t size : shape)
    if (size == 0)
      return 0;
  int64_t product = 1;
  for (int64_t size : shape) {
    int64_t next;
    if (llvm::MulOverflow(product, size, next))
      return std::nullopt;
    product = next;
  }
  return product;
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, size] : llvm::enumerate(shape)) {
    if (i)
      text += ", ";
    text += std::to_string(size);
  }
  return text + "]";
}

/// The multi-index of element `linear` of a row-major tensor of `shape`.
static std::string formatPosition(ArrayRef<int64_t> shape, int64_t linear) {
  SmallVector<int64_t> position(shape.size(), 0);
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] <= 0)
      break;
    position[i] = linear % shape[i];
    linear /= shape[i];
  }
  return formatShape(position);
}

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

int64_t Tensor::numel() const { return productOf(shape).value_or(-1); }

bool Tensor::isFloat() const { return isFloatElement(elementType); }

Tensor Tensor::fromFloats(Type elementType, std::vector<int64_t> shape,
                          std::vector<double> values) {
  Tensor tensor;
  tensor.elementType = elementType;
  tensor.shape = std::move(shape);
  tensor.floats = std::move(values);
  return tensor;
}

Tensor Tensor::fromInts(Type elementType, std::vector<int64_t> shape,
                        std::vector<int64_t> values) {
  Tensor tensor;
  tensor.elementType = elementType;
  tensor.shape = std::move(shape);
  tensor.ints = std::move(values);
  return tensor;
}

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

/// Rounds `x` to a binary format with `precision` significand bits (the
/// implicit bit included), smallest normal exponent `minExp` and largest
/// exponent `maxExp`, ties to even. All steps are exact operations on
/// doubles (scaling by powers of two, floor, comparisons), so the value is
/// rounded once, directly from the double: no double rounding.
static double roundToFormat(double x, int precision, int minExp, int maxExp) {
  if (std::isnan(x) || std::isinf(x) || x == 0.0)
    return x;
  double magnitude = std::fabs(x);
  int frexpExp;
  (void)std::frexp(magnitude, &frexpExp);
  // magnitude is in [2^exp, 2^(exp+1)).
  int exp = frexpExp - 1;
  // The weight of the last significand bit. Below the normal range it stays
  // at that of the smallest normal binade: those are the subnormals.
  int quantumExp = std::max(exp, minExp) - (precision - 1);
  // Fewer than 2^precision quanta (or the scaled subnormal), so exact.
  double scaled = std::ldexp(magnitude, -quantumExp);
  double whole = std::floor(scaled);
  double fraction = scaled - whole;
  if (fraction > 0.5 || (fraction == 0.5 && std::fmod(whole, 2.0) != 0.0))
    whole += 1.0;
  double result = std::ldexp(whole, quantumExp);
  // Anything that rounds past the largest finite value, including the tie
  // at max + ulp/2 (the largest significand is odd), overflows.
  double maxFinite = std::ldexp(2.0 - std::ldexp(1.0, 1 - precision), maxExp);
  if (result > maxFinite)
    result = std::numeric_limits<double>::infinity();
  return std::copysign(result, x);
}

double ref::roundToF16(double x) { return roundToFormat(x, 11, -14, 15); }
double ref::roundToBF16(double x) { return roundToFormat(x, 8, -126, 127); }
double ref::roundToF32(double x) { return roundToFormat(x, 24, -126, 127); }

double ref::roundToElementType(double x, Type elementType) {
  if (isa_and_nonnull<Float16Type>(elementType))
    return roundToF16(x);
  if (isa_and_nonnull<BFloat16Type>(elementType))
    return roundToBF16(x);
  if (isa_and_nonnull<Float32Type>(elementType))
    return roundToF32(x);
  return x;
}

/// Decodes sign, biased exponent and fraction of a small IEEE-style format
/// straight from the definition, independently of the rounding code.
static double decodeBits(uint32_t bits, int expBits, int fracBits) {
  uint32_t fracMask = (uint32_t(1) << fracBits) - 1;
  uint32_t expMask = (uint32_t(1) << expBits) - 1;
  bool negative = (bits >> (expBits + fracBits)) & 1;
  uint32_t exp = (bits >> fracBits) & expMask;
  uint32_t fraction = bits & fracMask;
  int bias = static_cast<int>(expMask >> 1);
  double magnitude;
  if (exp == expMask)
    magnitude = fraction ? std::numeric_limits<double>::quiet_NaN()
                         : std::numeric_limits<double>::infinity();
  else if (exp == 0)
    magnitude = std::ldexp(static_cast<double>(fraction), 1 - bias - fracBits);
  else
    magnitude = std::ldexp(static_cast<double>(fraction + fracMask + 1),
                           static_cast<int>(exp) - bias - fracBits);
  return negative ? -magnitude : magnitude;
}

double ref::f16BitsToDouble(uint16_t bits) { return decodeBits(bits, 5, 10); }
double ref::bf16BitsToDouble(uint16_t bits) { return decodeBits(bits, 8, 7); }

static double apFloatToDouble(APFloat value) {
  bool losesInfo = false;
  // Widening from f16/bf16/f32 is exact.
  (void)value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                      &losesInfo);
  return value.convertToDouble();
}

/// Converts an integer to a float of `floatType`, rounding to nearest even
/// once. Through double an i64 beyond 2^53 would be rounded twice, so the
/// narrow formats go through APFloat, which rounds the exact integer.
static double intToFloat(int64_t value, Type floatType, bool roundToType) {
  if (!roundToType || isa<Float64Type>(floatType))
    return static_cast<double>(value);
  APFloat result(cast<FloatType>(floatType).getFloatSemantics());
  (void)result.convertFromAPInt(
      APInt(64, static_cast<uint64_t>(value), /*isSigned=*/true),
      /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
  return apFloatToDouble(result);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static std::string formatFloat(double value, Type elementType) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  char buffer[64];
  // Integral values up to 2^53 in full: 65504 reads better than 6.55e+04.
  if (value == std::trunc(value) && std::fabs(value) <= 9007199254740992.0) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", value);
    return buffer;
  }
  // The shortest decimal that reads back to the same value of the element
  // type, or of double when the value is not one of the element type (an
  // F64-mode intermediate).
  bool ofElementType = roundToElementType(value, elementType) == value;
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
    double back = std::strtod(buffer, nullptr);
    if (ofElementType)
      back = roundToElementType(back, elementType);
    if (back == value)
      break;
  }
  return buffer;
}

std::string ref::formatType(const Tensor &tensor) {
  if (tensor.elementType && tensor.elementType.isIndex())
    return "index";
  std::string text = "tensor<";
  for (int64_t size : tensor.shape)
    text += std::to_string(size) + "x";
  return text + typeToString(tensor.elementType) + ">";
}

std::string ref::formatElement(const Tensor &tensor, int64_t linearIndex) {
  if (linearIndex < 0)
    return "?";
  size_t index = static_cast<size_t>(linearIndex);
  if (tensor.isFloat())
    return index < tensor.floats.size()
               ? formatFloat(tensor.floats[index], tensor.elementType)
               : "?";
  if (index >= tensor.ints.size())
    return "?";
  if (intWidth(tensor.elementType) == 1)
    return tensor.ints[index] ? "true" : "false";
  return std::to_string(tensor.ints[index]);
}

static void formatNested(const Tensor &tensor, size_t dim, int64_t &linear,
                         std::string &text) {
  if (dim == tensor.shape.size()) {
    text += formatElement(tensor, linear++);
    return;
  }
  text += '[';
  for (int64_t i = 0; i < tensor.shape[dim]; ++i) {
    if (i)
      text += ", ";
    formatNested(tensor, dim + 1, linear, text);
  }
  text += ']';
}

std::string ref::formatTensor(const Tensor &tensor) {
  int64_t numel = tensor.numel();
  size_t stored = tensor.isFloat() ? tensor.floats.size() : tensor.ints.size();
  if (numel < 0 || static_cast<uint64_t>(numel) != stored)
    return "<malformed tensor>";
  std::string text;
  int64_t linear = 0;
  formatNested(tensor, 0, linear, text);
  return text;
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

namespace {

/// How each operand of a broadcast is read: per result dimension, the
/// operand's row-major stride, or 0 where the operand is absent (leading
/// dimensions) or stretched (a static size 1).
struct BroadcastPlan {
  SmallVector<int64_t> shape;
  SmallVector<SmallVector<int64_t, 4>, 3> strides;
};

} // namespace

/// Row-major strides. They fit in int64 whenever the tensor has elements;
/// for an empty tensor such as (0, 2^62, 4) they may not, and are never
/// used, so the product wraps instead of overflowing.
static SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    strides[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(strides[i]) *
                                          static_cast<uint64_t>(shape[i]));
  return strides;
}

/// Calls `fn(resultIndex, operandOffsets)` for the `total` elements of the
/// broadcast result in row-major order, until `fn` returns false.
template <typename Fn>
static void forEachElement(const BroadcastPlan &plan, int64_t total, Fn &&fn) {
  size_t rank = plan.shape.size();
  size_t numOperands = plan.strides.size();
  SmallVector<int64_t, 4> counter(rank, 0);
  SmallVector<int64_t, 3> offsets(numOperands, 0);
  for (int64_t linear = 0; linear < total; ++linear) {
    if (!fn(linear, ArrayRef<int64_t>(offsets)))
      return;
    for (size_t d = rank; d-- > 0;) {
      for (size_t i = 0; i < numOperands; ++i)
        offsets[i] += plan.strides[i][d];
      if (++counter[d] < plan.shape[d])
        break;
      for (size_t i = 0; i < numOperands; ++i)
        offsets[i] -= plan.strides[i][d] * plan.shape[d];
      counter[d] = 0;
    }
  }
}

//===----------------------------------------------------------------------===//
// Evaluator
//===----------------------------------------------------------------------===//

namespace {

using TensorRef = std::shared_ptr<const Tensor>;

enum class BinaryKind { Add, Sub, Mul, Div, Max, Min };
enum class UnaryKind { Square, Neg, Abs, Exp, Sqrt, Relu };
enum class ReduceKind { Sum, Min, Max, ArgMin, ArgMax };
enum class IndexArithKind { Add, Sub, Mul };

class Evaluator {
public:
  Evaluator(const EvalOptions &options, Observer observer)
      : options(options), observer(observer) {}

  LogicalResult run(func::FuncOp func, ArrayRef<Tensor> inputs,
                    std::vector<Tensor> &results);
  const std::string &getError() const { return error; }

private:
  // Errors.
  LogicalResult fail(const Twine &message);
  LogicalResult fail(Operation *op, const Twine &message);

  // The environment: every live SSA value of the function.
  FailureOr<TensorRef> lookupTensor(Operation *op, Value value);
  FailureOr<int64_t> lookupIndex(Operation *op, Value value);
  LogicalResult define(Operation *op, Value value, Tensor tensor);
  LogicalResult defineRef(Operation *op, Value value, TensorRef tensor);
  LogicalResult bindInput(unsigned number, BlockArgument argument,
                          const Tensor &input);

  // Blocks and the lifetime of their values.
  FailureOr<Operation *> evalBlock(Block &block);
  void computeDeaths(Block &block);
  void release(Block &block, Operation *op);

  // Shared machinery.
  LogicalResult evalOp(Operation *op);
  LogicalResult allocate(Operation *op, Type elementType,
                         ArrayRef<int64_t> shape, Tensor &out);
  LogicalResult planBroadcast(Operation *op, ArrayRef<const Tensor *> operands,
                              ArrayRef<Type> operandTypes,
                              std::optional<ArrayRef<int64_t>> fixedShape,
                              BroadcastPlan &plan);
  double roundResult(double value, Type elementType) const {
    return options.precision == Precision::Native
               ? roundToElementType(value, elementType)
               : value;
  }

  // Ops.
  LogicalResult evalBinary(Operation *op, BinaryKind kind);
  LogicalResult evalUnary(Operation *op, UnaryKind kind);
  LogicalResult evalCmp(fuse::CmpOp op);
  LogicalResult evalWhere(fuse::WhereOp op);
  LogicalResult evalCast(fuse::CastOp op);
  LogicalResult evalExpandDims(fuse::ExpandDimsOp op);
  LogicalResult evalBroadcastTo(fuse::BroadcastToOp op);
  LogicalResult evalTranspose(fuse::TransposeOp op);
  LogicalResult evalTake(fuse::TakeOp op);
  LogicalResult evalConstant(Operation *op, Attribute value, Value result);
  LogicalResult evalArithConstant(arith::ConstantOp op);
  LogicalResult evalIndexArith(Operation *op, IndexArithKind kind);
  LogicalResult evalDim(tensor::DimOp op);
  LogicalResult evalReduction(Operation *op, ReduceKind kind);
  LogicalResult evalMatmul(fuse::MatmulOp op);
  LogicalResult evalKernel(fuse::KernelOp op);
  LogicalResult evalRunningMin(fuse::RunningMinOp op);

  const EvalOptions &options;
  Observer observer;
  std::string error;
  llvm::DenseMap<Value, TensorRef> tensors;
  llvm::DenseMap<Value, int64_t> indices;
  /// Per block: the values whose last use is each op of the block. A
  /// std::map keeps the inner maps in place while nested blocks are added.
  std::map<Block *, llvm::DenseMap<Operation *, SmallVector<Value, 2>>> deaths;
};

} // namespace

LogicalResult Evaluator::fail(const Twine &message) {
  error = message.str();
  return failure();
}

LogicalResult Evaluator::fail(Operation *op, const Twine &message) {
  error.clear();
  llvm::raw_string_ostream os(error);
  LocationAttr loc = op->getLoc();
  if (auto fileLoc = loc.findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ':' << fileLoc.getLine() << ':'
       << fileLoc.getColumn() << ": ";
  os << op->getName().getStringRef() << ": " << message;
  return failure();
}

FailureOr<TensorRef> Evaluator::lookupTensor(Operation *op, Value value) {
  auto it = tensors.find(value);
  if (it == tensors.end()) {
    (void)fail(op, "operand has no tensor value (unsupported producer)");
    return failure();
  }
  return it->second;
}

FailureOr<int64_t> Evaluator::lookupIndex(Operation *op, Value value) {
  auto it = indices.find(value);
  if (it == indices.end()) {
    (void)fail(op, "operand has no index value (unsupported producer)");
    return failure();
  }
  return it->second;
}

LogicalResult Evaluator::define(Operation *op, Value value, Tensor tensor) {
  return defineRef(op, value,
                   std::make_shared<const Tensor>(std::move(tensor)));
}

/// Binds a computed tensor to `value` after checking it against the value's
/// static type: the runtime shape must have the type's rank and static
/// sizes. Verified IR with consistent dynamic sizes always passes; this is
/// the last line of defence against an evaluator bug or inconsistent IR.
LogicalResult Evaluator::defineRef(Operation *op, Value value,
                                   TensorRef tensor) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return fail(op, "result of type " + typeToString(value.getType()) +
                        " is not a ranked tensor");
  bool matches = type.getElementType() == tensor->elementType &&
                 type.getRank() == tensor->rank();
  for (int64_t d = 0; matches && d < type.getRank(); ++d)
    matches = type.isDynamicDim(d) || type.getDimSize(d) == tensor->shape[d];
  if (!matches)
    return fail(op, "result " + formatType(*tensor) +
                        " computed at run time does not match its type " +
                        typeToString(type));
  if (observer)
    observer(value, *tensor);
  tensors[value] = std::move(tensor);
  return success();
}

LogicalResult Evaluator::bindInput(unsigned number, BlockArgument argument,
                                   const Tensor &input) {
  std::string which = "input #" + std::to_string(number);
  Type type = argument.getType();
  if (type.isIndex()) {
    if (!input.shape.empty() || input.ints.size() != 1)
      return fail(which + ": the argument is an index, expected one integer");
    indices[argument] = input.ints.front();
    return success();
  }
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !isSupportedElement(tensorType.getElementType()))
    return fail(which + ": unsupported argument type " + typeToString(type));
  Type elementType = tensorType.getElementType();
  if (input.elementType != elementType)
    return fail(which + " has element type " + typeToString(input.elementType) +
                " but the argument is " + typeToString(type));
  if (input.rank() != tensorType.getRank())
    return fail(which + " has shape " + formatShape(input.shape) +
                " but the argument is " + typeToString(type));
  for (int64_t d = 0; d < tensorType.getRank(); ++d)
    if (!tensorType.isDynamicDim(d) &&
        tensorType.getDimSize(d) != input.shape[d])
      return fail(which + " has size " + std::to_string(input.shape[d]) +
                  " in dimension " + std::to_string(d) +
                  " but the argument is " + typeToString(type));
  std::optional<int64_t> numel = productOf(input.shape);
  if (!numel)
    return fail(which + " has an invalid shape " + formatShape(input.shape));
  if (*numel > options.maxElements)
    return fail(which + " has " + std::to_string(*numel) +
                " elements, more than the limit of " +
                std::to_string(options.maxElements));
  Tensor bound;
  bound.elementType = elementType;
  bound.shape = input.shape;
  size_t count = static_cast<size_t>(*numel);
  if (isFloatElement(elementType)) {
    if (input.floats.size() != count)
      return fail(which + " holds " + std::to_string(input.floats.size()) +
                  " float elements but its shape " + formatShape(input.shape) +
                  " needs " + std::to_string(count));
    // Inputs are data of their element type, in both precisions.
    bound.floats.reserve(count);
    for (double value : input.floats)
      bound.floats.push_back(roundToElementType(value, elementType));
  } else {
    if (input.ints.size() != count)
      return fail(which + " holds " + std::to_string(input.ints.size()) +
                  " integer elements but its shape " +
                  formatShape(input.shape) + " needs " + std::to_string(count));
    unsigned width = intWidth(elementType);
    for (auto [i, value] : llvm::enumerate(input.ints))
      if (value < minOfWidth(width) || value > maxOfWidth(width))
        return fail(which + " element " +
                    formatPosition(input.shape, static_cast<int64_t>(i)) +
                    " = " + std::to_string(value) + " does not fit in " +
                    typeToString(elementType));
    bound.ints = input.ints;
  }
  tensors[argument] = std::make_shared<const Tensor>(std::move(bound));
  return success();
}

/// Records, for every value defined in `block`, the op of `block` after
/// which it is dead: the last op that uses it directly or from a nested
/// region. Values without uses die right after their definition. Freeing
/// them keeps the peak memory that of eager execution, not of the sum of
/// all intermediates.
void Evaluator::computeDeaths(Block &block) {
  if (deaths.count(&block))
    return;
  auto &dying = deaths[&block];
  auto record = [&](Value value, Operation *definer) {
    Operation *last = nullptr;
    for (OpOperand &use : value.getUses()) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      if (user && (!last || last->isBeforeInBlock(user)))
        last = user;
    }
    if (!last)
      last = definer;
    if (last)
      dying[last].push_back(value);
  };
  for (BlockArgument argument : block.getArguments())
    record(argument, nullptr);
  for (Operation &op : block)
    for (Value result : op.getResults())
      record(result, &op);
}

void Evaluator::release(Block &block, Operation *op) {
  auto blockIt = deaths.find(&block);
  if (blockIt == deaths.end())
    return;
  auto it = blockIt->second.find(op);
  if (it == blockIt->second.end())
    return;
  for (Value value : it->second) {
    tensors.erase(value);
    indices.erase(value);
  }
}

/// Evaluates every op of `block` but its terminator, which it returns; the
/// caller reads the terminator's operands and then releases them.
FailureOr<Operation *> Evaluator::evalBlock(Block &block) {
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    (void)fail("a block without a terminator cannot be evaluated");
    return failure();
  }
  computeDeaths(block);
  for (Operation &op : block.without_terminator()) {
    if (failed(evalOp(&op)))
      return failure();
    release(block, &op);
  }
  return &block.back();
}

LogicalResult Evaluator::run(func::FuncOp func, ArrayRef<Tensor> inputs,
                             std::vector<Tensor> &results) {
  if (func.isExternal())
    return fail("@" + func.getSymName() + " is a declaration without a body");
  {
    // The evaluator relies on verified IR (operand counts, types, regions);
    // the verifier's messages become the error.
    std::string diagnostics;
    ScopedDiagnosticHandler handler(func->getContext(), [&](Diagnostic &diag) {
      if (!diagnostics.empty())
        diagnostics += "; ";
      diagnostics += diag.str();
      return success();
    });
    if (failed(mlir::verify(func)))
      return fail("@" + func.getSymName() + " does not verify: " + diagnostics);
  }
  Region &body = func.getBody();
  if (!body.hasOneBlock())
    return fail("@" + func.getSymName() +
                " has several blocks; only single-block functions are "
                "supported");
  Block &entry = body.front();
  if (inputs.size() != entry.getNumArguments())
    return fail("@" + func.getSymName() + " takes " +
                std::to_string(entry.getNumArguments()) + " inputs, got " +
                std::to_string(inputs.size()));
  for (auto [i, argument] : llvm::enumerate(entry.getArguments()))
    if (failed(bindInput(i, argument, inputs[i])))
      return failure();

  FailureOr<Operation *> terminator = evalBlock(entry);
  if (failed(terminator))
    return failure();
  auto ret = dyn_cast<func::ReturnOp>(*terminator);
  if (!ret)
    return fail(*terminator, "unsupported terminator");
  for (Value operand : ret.getOperands()) {
    if (operand.getType().isIndex()) {
      FailureOr<int64_t> index = lookupIndex(ret, operand);
      if (failed(index))
        return failure();
      results.push_back(
          Tensor::fromInts(operand.getType(), /*shape=*/{}, {*index}));
      continue;
    }
    FailureOr<TensorRef> tensor = lookupTensor(ret, operand);
    if (failed(tensor))
      return failure();
    results.push_back(**tensor);
  }
  return success();
}

LogicalResult Evaluator::allocate(Operation *op, Type elementType,
                                  ArrayRef<int64_t> shape, Tensor &out) {
  if (!isSupportedElement(elementType))
    return fail(op, "unsupported element type " + typeToString(elementType));
  std::optional<int64_t> numel = productOf(shape);
  if (!numel)
    return fail(op, "result shape " + formatShape(shape) +
                        " has more elements than int64_t can count");
  if (*numel > options.maxElements)
    return fail(op, "result shape " + formatShape(shape) + " has " +
                        std::to_string(*numel) +
                        " elements, more than the limit of " +
                        std::to_string(options.maxElements));
  out.elementType = elementType;
  out.shape.assign(shape.begin(), shape.end());
  out.floats.clear();
  out.ints.clear();
  if (isFloatElement(elementType))
    out.floats.assign(static_cast<size_t>(*numel), 0.0);
  else
    out.ints.assign(static_cast<size_t>(*numel), 0);
  return success();
}

/// NumPy broadcasting at run time, following the dialect's rule: shapes
/// align at the trailing dimension, a *static* size 1 stretches, and every
/// other size (a dynamic one included, even when it is 1 at run time) must
/// equal the result's. With `fixedShape` (fuse.broadcast_to) the result
/// shape is given; otherwise it is the common size of the operands.
LogicalResult
Evaluator::planBroadcast(Operation *op, ArrayRef<const Tensor *> operands,
                         ArrayRef<Type> operandTypes,
                         std::optional<ArrayRef<int64_t>> fixedShape,
                         BroadcastPlan &plan) {
  size_t rank = 0;
  if (fixedShape)
    rank = fixedShape->size();
  else
    for (const Tensor *operand : operands)
      rank = std::max(rank, operand->shape.size());
  plan.shape.assign(rank, 1);
  plan.strides.assign(operands.size(), SmallVector<int64_t, 4>(rank, 0));

  SmallVector<RankedTensorType, 3> types;
  SmallVector<SmallVector<int64_t, 4>, 3> operandStrides;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    auto type = dyn_cast<RankedTensorType>(operandTypes[i]);
    if (!type || type.getRank() != operand->rank())
      return fail(op,
                  "operand #" + std::to_string(i) + " does not match its type");
    if (operand->shape.size() > rank)
      return fail(op, "operand #" + std::to_string(i) + " of rank " +
                          std::to_string(operand->rank()) +
                          " cannot broadcast to rank " + std::to_string(rank));
    types.push_back(type);
    operandStrides.push_back(rowMajorStrides(operand->shape));
  }

  for (size_t d = 0; d < rank; ++d) {
    int64_t size = fixedShape ? (*fixedShape)[d] : -1;
    int owner = -1;
    bool ownerDynamic = false;
    for (auto [i, operand] : llvm::enumerate(operands)) {
      size_t offset = rank - operand->shape.size();
      if (d < offset)
        continue;
      size_t operandDim = d - offset;
      if (types[i].getDimSize(operandDim) == 1)
        continue; // A static 1 stretches.
      int64_t runtimeSize = operand->shape[operandDim];
      bool dynamic = types[i].isDynamicDim(operandDim);
      if (size < 0) {
        size = runtimeSize;
        owner = static_cast<int>(i);
        ownerDynamic = dynamic;
      } else if (runtimeSize != size) {
        std::string note = (dynamic || ownerDynamic)
                               ? " (a dynamic size never broadcasts)"
                               : "";
        if (owner < 0)
          return fail(op, "operand has size " + std::to_string(runtimeSize) +
                              " in dimension " + std::to_string(operandDim) +
                              " at run time but the result has size " +
                              std::to_string(size) + " in dimension " +
                              std::to_string(d) + note);
        return fail(op, "sizes do not match at run time: operand #" +
                            std::to_string(owner) + " has size " +
                            std::to_string(size) + " and operand #" +
                            std::to_string(i) + " has size " +
                            std::to_string(runtimeSize) + " in dimension " +
                            std::to_string(d) + " of the broadcast result" +
                            note);
      }
      plan.strides[i][d] = operandStrides[i][operandDim];
    }
    plan.shape[d] = size < 0 ? 1 : size;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

/// max/min of two floats: NaN propagates (torch.maximum/minimum); of two
/// zeros, max is +0 and min is -0.
static double floatMax(double a, double b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

static double floatMin(double a, double b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

LogicalResult Evaluator::evalBinary(Operation *op, BinaryKind kind) {
  FailureOr<TensorRef> lhs = lookupTensor(op, op->getOperand(0));
  FailureOr<TensorRef> rhs = lookupTensor(op, op->getOperand(1));
  if (failed(lhs) || failed(rhs))
    return failure();
  const Tensor &a = **lhs, &b = **rhs;
  Type elementType = a.elementType;
  if (b.elementType != elementType)
    return fail(op, "operands have different element types");
  BroadcastPlan plan;
  if (failed(planBroadcast(
          op, {&a, &b},
          {op->getOperand(0).getType(), op->getOperand(1).getType()},
          std::nullopt, plan)))
    return failure();
  Tensor out;
  if (failed(allocate(op, elementType, plan.shape, out)))
    return failure();
  int64_t total = out.numel();

  if (out.isFloat()) {
    forEachElement(plan, total, [&](int64_t i, ArrayRef<int64_t> offsets) {
      double x = a.floats[offsets[0]], y = b.floats[offsets[1]];
      double r = 0;
      switch (kind) {
      case BinaryKind::Add:
        r = x + y;
        break;
      case BinaryKind::Sub:
        r = x - y;
        break;
      case BinaryKind::Mul:
        r = x * y;
        break;
      case BinaryKind::Div:
        r = x / y; // IEEE-754: +-inf or NaN for a zero divisor.
        break;
      case BinaryKind::Max:
        r = floatMax(x, y);
        break;
      case BinaryKind::Min:
        r = floatMin(x, y);
        break;
      }
      out.floats[i] = roundResult(r, elementType);
      return true;
    });
    return define(op, op->getResult(0), std::move(out));
  }

  unsigned width = intWidth(elementType);
  if (width == 1)
    return fail(op, "arithmetic on i1 is not supported");
  int64_t badIndex = -1;
  const char *why = "";
  forEachElement(plan, total, [&](int64_t i, ArrayRef<int64_t> offsets) {
    int64_t x = a.ints[offsets[0]], y = b.ints[offsets[1]];
    uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    int64_t r = 0;
    switch (kind) {
    case BinaryKind::Add:
      r = wrapToWidth(ux + uy, width);
      break;
    case BinaryKind::Sub:
      r = wrapToWidth(ux - uy, width);
      break;
    case BinaryKind::Mul:
      r = wrapToWidth(ux * uy, width);
      break;
    case BinaryKind::Div:
      // Undefined in the dialect (as in C): reported, never evaluated.
      if (y == 0) {
        why = "integer division by zero";
        badIndex = i;
        return false;
      }
      if (y == -1 && x == minOfWidth(width)) {
        why = "integer division overflows (the minimum divided by -1)";
        badIndex = i;
        return false;
      }
      r = x / y; // C++ truncates toward zero, as the dialect does.
      break;
    case BinaryKind::Max:
      r = std::max(x, y);
      break;
    case BinaryKind::Min:
      r = std::min(x, y);
      break;
    }
    out.ints[i] = r;
    return true;
  });
  if (badIndex >= 0)
    return fail(op, Twine(why) + " at result index " +
                        formatPosition(out.shape, badIndex));
  return define(op, op->getResult(0), std::move(out));
}

LogicalResult Evaluator::evalUnary(Operation *op, UnaryKind kind) {
  FailureOr<TensorRef> input = lookupTensor(op, op->getOperand(0));
  if (failed(input))
    return failure();
  const Tensor &in = **input;
  Type elementType = in.elementType;
  Tensor out;
  if (failed(allocate(op, elementType, in.shape, out)))
    return failure();

  if (out.isFloat()) {
    for (auto [i, x] : llvm::enumerate(in.floats)) {
      double r = 0;
      switch (kind) {
      case UnaryKind::Square:
        r = x * x;
        break;
      case UnaryKind::Neg:
        r = -x;
        break;
      case UnaryKind::Abs:
        r = std::fabs(x);
        break;
      case UnaryKind::Exp:
        r = std::exp(x);
        break;
      case UnaryKind::Sqrt:
        r = std::sqrt(x); // NaN for negative inputs.
        break;
      case UnaryKind::Relu:
        r = std::isnan(x) ? x : (x > 0 ? x : 0.0);
        break;
      }
      out.floats[i] = roundResult(r, elementType);
    }
    return define(op, op->getResult(0), std::move(out));
  }

  unsigned width = intWidth(elementType);
  if (width == 1 || kind == UnaryKind::Exp || kind == UnaryKind::Sqrt)
    return fail(op, "needs a float tensor, got " + typeToString(elementType));
  for (auto [i, x] : llvm::enumerate(in.ints)) {
    uint64_t ux = static_cast<uint64_t>(x);
    int64_t r = 0;
    switch (kind) {
    case UnaryKind::Square:
      r = wrapToWidth(ux * ux, width);
      break;
    case UnaryKind::Neg:
      r = wrapToWidth(0 - ux, width);
      break;
    case UnaryKind::Abs:
      // |min| wraps to min, as in two's complement hardware and torch.
      r = wrapToWidth(x < 0 ? 0 - ux : ux, width);
      break;
    case UnaryKind::Relu:
      r = x > 0 ? x : 0;
      break;
    case UnaryKind::Exp:
    case UnaryKind::Sqrt:
      break;
    }
    out.ints[i] = r;
  }
  return define(op, op->getResult(0), std::move(out));
}

LogicalResult Evaluator::evalCmp(fuse::CmpOp op) {
  FailureOr<TensorRef> lhs = lookupTensor(op, op.getLhs());
  FailureOr<TensorRef> rhs = lookupTensor(op, op.getRhs());
  if (failed(lhs) || failed(rhs))
    return failure();
  const Tensor &a = **lhs, &b = **rhs;
  if (a.elementType != b.elementType)
    return fail(op, "compared operands have different element types");
  BroadcastPlan plan;
  if (failed(planBroadcast(op, {&a, &b},
                           {op.getLhs().getType(), op.getRhs().getType()},
                           std::nullopt, plan)))
    return failure();
  Tensor out;
  if (failed(allocate(op, op.getType().getElementType(), plan.shape, out)))
    return failure();
  fuse::CmpPredicate predicate = op.getPredicate();
  // Ordered comparisons are false with a NaN operand; `ne` is its negation
  // of `eq`, hence true (C, IEEE-754 and PyTorch agree).
  auto compare = [predicate](auto x, auto y) -> bool {
    switch (predicate) {
    case fuse::CmpPredicate::lt:
      return x < y;
    case fuse::CmpPredicate::le:
      return x <= y;
    case fuse::CmpPredicate::gt:
      return x > y;
    case fuse::CmpPredicate::ge:
      return x >= y;
    case fuse::CmpPredicate::eq:
      return x == y;
    case fuse::CmpPredicate::ne:
      return !(x == y);
    }
    return false;
  };
  bool isFloat = a.isFloat();
  // Integers compare as signed values; i1 is stored as 0/1.
  forEachElement(plan, out.numel(), [&](int64_t i, ArrayRef<int64_t> offsets) {
    out.ints[i] = isFloat ? compare(a.floats[offsets[0]], b.floats[offsets[1]])
                          : compare(a.ints[offsets[0]], b.ints[offsets[1]]);
    return true;
  });
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalWhere(fuse::WhereOp op) {
  FailureOr<TensorRef> cond = lookupTensor(op, op.getCond());
  FailureOr<TensorRef> onTrue = lookupTensor(op, op.getTrueValue());
  FailureOr<TensorRef> onFalse = lookupTensor(op, op.getFalseValue());
  if (failed(cond) || failed(onTrue) || failed(onFalse))
    return failure();
  const Tensor &c = **cond, &a = **onTrue, &b = **onFalse;
  if (a.elementType != b.elementType || intWidth(c.elementType) != 1)
    return fail(op, "operand element types do not match");
  BroadcastPlan plan;
  if (failed(planBroadcast(op, {&c, &a, &b},
                           {op.getCond().getType(), op.getTrueValue().getType(),
                            op.getFalseValue().getType()},
                           std::nullopt, plan)))
    return failure();
  Tensor out;
  if (failed(allocate(op, a.elementType, plan.shape, out)))
    return failure();
  bool isFloat = out.isFloat();
  forEachElement(plan, out.numel(), [&](int64_t i, ArrayRef<int64_t> offsets) {
    bool pick = c.ints[offsets[0]] != 0;
    if (isFloat)
      out.floats[i] = pick ? a.floats[offsets[1]] : b.floats[offsets[2]];
    else
      out.ints[i] = pick ? a.ints[offsets[1]] : b.ints[offsets[2]];
    return true;
  });
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalCast(fuse::CastOp op) {
  FailureOr<TensorRef> input = lookupTensor(op, op.getInput());
  if (failed(input))
    return failure();
  const Tensor &in = **input;
  Type to = op.getType().getElementType();
  Tensor out;
  if (failed(allocate(op, to, in.shape, out)))
    return failure();
  bool native = options.precision == Precision::Native;
  unsigned toWidth = intWidth(to);

  if (in.isFloat()) {
    for (auto [i, x] : llvm::enumerate(in.floats)) {
      if (out.isFloat()) {
        // F64 mode keeps the unrounded value through float casts too.
        out.floats[i] = native ? roundToElementType(x, to) : x;
        continue;
      }
      if (toWidth == 1) {
        out.ints[i] = x != 0.0; // NaN != 0: true.
        continue;
      }
      // Float to integer truncates toward zero; NaN and out-of-range
      // values are undefined in the dialect, hence errors here.
      int64_t position = static_cast<int64_t>(i);
      auto where = [&in, position] {
        return " at index " + formatPosition(in.shape, position);
      };
      if (std::isnan(x))
        return fail(op, "cannot convert NaN to " + typeToString(to) + where());
      double truncated = std::trunc(x);
      // -2^(w-1) <= t < 2^(w-1), compared in double where both are exact.
      double limit = std::ldexp(1.0, static_cast<int>(toWidth) - 1);
      if (!(truncated >= -limit && truncated < limit))
        return fail(op, "value " + formatFloat(x, in.elementType) +
                            " is out of the range of " + typeToString(to) +
                            where());
      out.ints[i] = static_cast<int64_t>(truncated);
    }
    return define(op, op.getResult(), std::move(out));
  }

  for (auto [i, v] : llvm::enumerate(in.ints)) {
    if (out.isFloat())
      out.floats[i] = intToFloat(v, to, native);
    else if (toWidth == 1)
      out.ints[i] = v != 0;
    else
      out.ints[i] = wrapToWidth(static_cast<uint64_t>(v), toWidth);
  }
  return define(op, op.getResult(), std::move(out));
}

//===----------------------------------------------------------------------===//
// Shape ops and constants
//===----------------------------------------------------------------------===//

LogicalResult Evaluator::evalExpandDims(fuse::ExpandDimsOp op) {
  FailureOr<TensorRef> input = lookupTensor(op, op.getInput());
  if (failed(input))
    return failure();
  int64_t dim = op.getDim();
  if (dim < 0 || dim > (*input)->rank())
    return fail(op, "dimension " + std::to_string(dim) + " is out of range");
  Tensor out = **input;
  out.shape.insert(out.shape.begin() + dim, 1);
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalBroadcastTo(fuse::BroadcastToOp op) {
  FailureOr<TensorRef> input = lookupTensor(op, op.getInput());
  if (failed(input))
    return failure();
  RankedTensorType type = op.getType();
  SmallVector<int64_t> shape(type.getShape());
  auto sizes = op.getDynamicSizes();
  size_t next = 0;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(size))
      continue;
    if (next >= sizes.size())
      return fail(op, "too few dynamic size operands");
    FailureOr<int64_t> value = lookupIndex(op, sizes[next++]);
    if (failed(value))
      return failure();
    if (*value < 0)
      return fail(op, "size " + std::to_string(*value) +
                          " of dynamic dimension " + std::to_string(d) +
                          " is negative");
    size = *value;
  }
  const Tensor &in = **input;
  BroadcastPlan plan;
  if (failed(planBroadcast(op, {&in}, {op.getInput().getType()},
                           ArrayRef<int64_t>(shape), plan)))
    return failure();
  Tensor out;
  if (failed(allocate(op, in.elementType, shape, out)))
    return failure();
  bool isFloat = out.isFloat();
  forEachElement(plan, out.numel(), [&](int64_t i, ArrayRef<int64_t> offsets) {
    if (isFloat)
      out.floats[i] = in.floats[offsets[0]];
    else
      out.ints[i] = in.ints[offsets[0]];
    return true;
  });
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalTranspose(fuse::TransposeOp op) {
  FailureOr<TensorRef> input = lookupTensor(op, op.getInput());
  if (failed(input))
    return failure();
  const Tensor &in = **input;
  if (in.rank() < 2)
    return fail(op, "needs a tensor of rank 2 or more");
  SmallVector<int64_t> shape(in.shape.begin(), in.shape.end());
  std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
  Tensor out;
  if (failed(allocate(op, in.elementType, shape, out)))
    return failure();
  // Sizes of an empty tensor may multiply past int64 (e.g. (0, 2^62, 4)),
  // so nothing is computed from them.
  if (out.numel() == 0)
    return define(op, op.getResult(), std::move(out));
  int64_t rows = in.shape[in.shape.size() - 2];
  int64_t cols = in.shape[in.shape.size() - 1];
  int64_t matrix = rows * cols;
  int64_t batches = out.numel() / matrix;
  for (int64_t b = 0; b < batches; ++b)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        int64_t from = b * matrix + r * cols + c;
        int64_t to = b * matrix + c * rows + r;
        if (out.isFloat())
          out.floats[to] = in.floats[from];
        else
          out.ints[to] = in.ints[from];
      }
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalTake(fuse::TakeOp op) {
  FailureOr<TensorRef> input = lookupTensor(op, op.getInput());
  FailureOr<int64_t> index = lookupIndex(op, op.getIndex());
  if (failed(input) || failed(index))
    return failure();
  const Tensor &in = **input;
  int64_t dim = op.getDim();
  if (dim < 0 || dim >= in.rank())
    return fail(op, "dimension " + std::to_string(dim) + " is out of range");
  int64_t size = in.shape[dim];
  if (*index < 0 || *index >= size)
    return fail(op, "index " + std::to_string(*index) +
                        " is out of range for dimension " +
                        std::to_string(dim) + " of size " +
                        std::to_string(size));
  SmallVector<int64_t> shape(in.shape.begin(), in.shape.end());
  shape.erase(shape.begin() + dim);
  Tensor out;
  if (failed(allocate(op, in.elementType, shape, out)))
    return failure();
  // The input is (outer, size, inner) in row-major order.
  int64_t inner =
      productOf(ArrayRef<int64_t>(in.shape).drop_front(dim + 1)).value_or(0);
  int64_t outer =
      productOf(ArrayRef<int64_t>(in.shape).take_front(dim)).value_or(0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      int64_t from = (o * size + *index) * inner + k;
      int64_t to = o * inner + k;
      if (out.isFloat())
        out.floats[to] = in.floats[from];
      else
        out.ints[to] = in.ints[from];
    }
  return define(op, op.getResult(), std::move(out));
}

LogicalResult Evaluator::evalConstant(Operation *op, Attribute value,
                                      Value result) {
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape())
    return fail(op,
                "unsupported constant type " + typeToString(result.getType()));
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return fail(op, "only dense elements constants are supported");
  Type elementType = type.getElementType();
  Tensor out;
  if (failed(allocate(op, elementType, type.getShape(), out)))
    return failure();
  // Constants are values of their element type already: no rounding.
  if (out.isFloat()) {
    if (dense.isSplat()) {
      std::fill(out.floats.begin(), out.floats.end(),
                apFloatToDouble(dense.getSplatValue<APFloat>()));
    } else {
      size_t i = 0;
      for (APFloat element : dense.getValues<APFloat>())
        if (i < out.floats.size())
          out.floats[i++] = apFloatToDouble(element);
    }
  } else {
    bool isBool = intWidth(elementType) == 1;
    auto toInt = [isBool](const APInt &element) -> int64_t {
      return isBool ? static_cast<int64_t>(!element.isZero())
                    : element.getSExtValue();
    };
    if (dense.isSplat()) {
      std::fill(out.ints.begin(), out.ints.end(),
                toInt(dense.getSplatValue<APInt>()));
    } else {
      size_t i = 0;
      for (const APInt &element : dense.getValues<APInt>())
        if (i < out.ints.size())
          out.ints[i++] = toInt(element);
    }
  }
  return define(op, result, std::move(out));
}

LogicalResult Evaluator::evalArithConstant(arith::ConstantOp op) {
  Type type = op.getType();
  if (type.isIndex()) {
    auto attr = dyn_cast<IntegerAttr>(op.getValue());
    if (!attr)
      return fail(op, "index constant without an integer value");
    indices[op.getResult()] = attr.getValue().getSExtValue();
    return success();
  }
  if (isa<RankedTensorType>(type))
    return evalConstant(op, op.getValue(), op.getResult());
  return fail(op, "unsupported constant of type " + typeToString(type));
}

LogicalResult Evaluator::evalIndexArith(Operation *op, IndexArithKind kind) {
  if (!op->getResult(0).getType().isIndex())
    return fail(op, "only index arithmetic is supported, not " +
                        typeToString(op->getResult(0).getType()));
  FailureOr<int64_t> lhs = lookupIndex(op, op->getOperand(0));
  FailureOr<int64_t> rhs = lookupIndex(op, op->getOperand(1));
  if (failed(lhs) || failed(rhs))
    return failure();
  int64_t result = 0;
  bool overflow = false;
  switch (kind) {
  case IndexArithKind::Add:
    overflow = llvm::AddOverflow(*lhs, *rhs, result);
    break;
  case IndexArithKind::Sub:
    overflow = llvm::SubOverflow(*lhs, *rhs, result);
    break;
  case IndexArithKind::Mul:
    overflow = llvm::MulOverflow(*lhs, *rhs, result);
    break;
  }
  // Index values are sizes and positions: an overflow is a bug, not a wrap.
  if (overflow)
    return fail(op, "index arithmetic on " + std::to_string(*lhs) + " and " +
                        std::to_string(*rhs) + " overflows int64");
  indices[op->getResult(0)] = result;
  return success();
}

LogicalResult Evaluator::evalDim(tensor::DimOp op) {
  FailureOr<TensorRef> source = lookupTensor(op, op.getSource());
  FailureOr<int64_t> index = lookupIndex(op, op.getIndex());
  if (failed(source) || failed(index))
    return failure();
  if (*index < 0 || *index >= (*source)->rank())
    return fail(op, "dimension " + std::to_string(*index) +
                        " is out of range for a tensor of rank " +
                        std::to_string((*source)->rank()));
  indices[op.getResult()] = (*source)->shape[*index];
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

LogicalResult Evaluator::evalReduction(Operation *op, ReduceKind kind) {
  FailureOr<TensorRef> input = lookupTensor(op, op->getOperand(0));
  if (failed(input))
    return failure();
  const Tensor &in = **input;
  int64_t dim = fuse::getReductionDim(op);
  bool keepdim = fuse::getReductionKeepDim(op);
  if (dim < 0 || dim >= in.rank())
    return fail(op, "dimension " + std::to_string(dim) + " is out of range");
  int64_t length = in.shape[dim];
  // Like torch.amin/argmin: there is no extreme of nothing.
  if (length == 0 && kind != ReduceKind::Sum)
    return fail(op, "cannot reduce dimension " + std::to_string(dim) +
                        " of size 0");
  SmallVector<int64_t> shape(in.shape.begin(), in.shape.end());
  if (keepdim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  bool isIndex = kind == ReduceKind::ArgMin || kind == ReduceKind::ArgMax;
  Type elementType =
      isIndex ? IntegerType::get(op->getContext(), 64) : in.elementType;
  Tensor out;
  if (failed(allocate(op, elementType, shape, out)))
    return failure();
  int64_t inner =
      productOf(ArrayRef<int64_t>(in.shape).drop_front(dim + 1)).value_or(0);
  int64_t outer =
      productOf(ArrayRef<int64_t>(in.shape).take_front(dim)).value_or(0);
  bool isFloat = in.isFloat();
  unsigned width = intWidth(in.elementType);
  bool isMin = kind == ReduceKind::Min || kind == ReduceKind::ArgMin;

  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < inner; ++k) {
      int64_t base = o * length * inner + k;
      int64_t to = o * inner + k;
      if (kind == ReduceKind::Sum) {
        // In index order; F64 accumulates in double, Native rounds the
        // running sum to the element type after every addition.
        if (isFloat) {
          double sum = 0.0;
          for (int64_t j = 0; j < length; ++j)
            sum =
                roundResult(sum + in.floats[base + j * inner], in.elementType);
          out.floats[to] = sum;
        } else {
          uint64_t sum = 0;
          for (int64_t j = 0; j < length; ++j)
            sum += static_cast<uint64_t>(in.ints[base + j * inner]);
          out.ints[to] = wrapToWidth(sum, width);
        }
        continue;
      }
      // min/max/argmin/argmax: the first extreme wins (strict comparison),
      // and for floats a NaN is the most extreme value of all, so the first
      // NaN wins and stays (torch.amin/amax propagate it, torch.argmin and
      // argmax return its index). An all-inf row gives index 0.
      int64_t bestIndex = 0;
      if (isFloat) {
        double best = in.floats[base];
        for (int64_t j = 1; j < length && !std::isnan(best); ++j) {
          double x = in.floats[base + j * inner];
          if (std::isnan(x) || (isMin ? x < best : x > best)) {
            best = x;
            bestIndex = j;
          }
        }
        if (isIndex)
          out.ints[to] = bestIndex;
        else
          out.floats[to] = best;
      } else {
        int64_t best = in.ints[base];
        for (int64_t j = 1; j < length; ++j) {
          int64_t x = in.ints[base + j * inner];
          if (isMin ? x < best : x > best) {
            best = x;
            bestIndex = j;
          }
        }
        out.ints[to] = isIndex ? bestIndex : best;
      }
    }
  }
  return define(op, op->getResult(0), std::move(out));
}

/// `lhs @ rhs`, evaluated as its canonical form `sum(mul(...), dim = 1)`: in
/// Native mode each product is rounded, then accumulated like fuse.sum.
LogicalResult Evaluator::evalMatmul(fuse::MatmulOp op) {
  FailureOr<TensorRef> lhs = lookupTensor(op, op.getLhs());
  FailureOr<TensorRef> rhs = lookupTensor(op, op.getRhs());
  if (failed(lhs) || failed(rhs))
    return failure();
  const Tensor &a = **lhs, &b = **rhs;
  if (a.rank() != 2 || b.rank() != 2 || a.elementType != b.elementType)
    return fail(op, "expects two rank-2 tensors of one element type");
  int64_t m = a.shape[0], k = a.shape[1], n = b.shape[1];
  if (b.shape[0] != k)
    return fail(op,
                "contracted sizes differ at run time: " + std::to_string(k) +
                    " and " + std::to_string(b.shape[0]));
  Type elementType = a.elementType;
  Tensor out;
  if (failed(allocate(op, elementType, {m, n}, out)))
    return failure();
  unsigned width = intWidth(elementType);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      if (out.isFloat()) {
        double sum = 0.0;
        for (int64_t p = 0; p < k; ++p) {
          double product = roundResult(
              a.floats[i * k + p] * b.floats[p * n + j], elementType);
          sum = roundResult(sum + product, elementType);
        }
        out.floats[i * n + j] = sum;
      } else {
        uint64_t sum = 0;
        for (int64_t p = 0; p < k; ++p)
          sum += static_cast<uint64_t>(a.ints[i * k + p]) *
                 static_cast<uint64_t>(b.ints[p * n + j]);
        out.ints[i * n + j] = wrapToWidth(sum, width);
      }
    }
  return define(op, op.getResult(), std::move(out));
}

//===----------------------------------------------------------------------===//
// Kernels and running minima
//===----------------------------------------------------------------------===//

/// A kernel is evaluated eagerly like the ops it contains: fusion changes
/// where values live, not what they are.
LogicalResult Evaluator::evalKernel(fuse::KernelOp op) {
  Block &body = op.getBodyBlock();
  if (body.getNumArguments() != op.getInputs().size())
    return fail(op, "block arguments do not match the inputs");
  for (auto [argument, input] :
       llvm::zip(body.getArguments(), op.getInputs())) {
    FailureOr<TensorRef> tensor = lookupTensor(op, input);
    if (failed(tensor))
      return failure();
    tensors[argument] = *tensor;
  }
  FailureOr<Operation *> terminator = evalBlock(body);
  if (failed(terminator))
    return failure();
  auto yield = dyn_cast<fuse::YieldOp>(*terminator);
  if (!yield || yield.getValues().size() != op.getNumResults())
    return fail(op, "the body must yield one value per result");
  for (auto [result, value] : llvm::zip(op.getResults(), yield.getValues())) {
    FailureOr<TensorRef> tensor = lookupTensor(yield, value);
    if (failed(tensor) || failed(defineRef(op, result, *tensor)))
      return failure();
  }
  release(body, yield);
  for (BlockArgument argument : body.getArguments())
    tensors.erase(argument);
  return success();
}

LogicalResult Evaluator::evalRunningMin(fuse::RunningMinOp op) {
  FailureOr<int64_t> trips = lookupIndex(op, op.getTrips());
  if (failed(trips))
    return failure();
  if (*trips < 0)
    return fail(op, "trip count " + std::to_string(*trips) + " is negative");
  bool isMin = op.getKind() == fuse::SelectKind::min;
  bool propagate = op.getNan() == fuse::NanMode::propagate;
  RankedTensorType valueType = op.getValue().getType();
  Type elementType = valueType.getElementType();
  bool isFloat = isFloatElement(elementType);
  unsigned width = intWidth(elementType);

  TensorRef initValue, initIndex;
  if (op.getInitValue()) {
    FailureOr<TensorRef> value = lookupTensor(op, op.getInitValue());
    FailureOr<TensorRef> index = lookupTensor(op, op.getInitIndex());
    if (failed(value) || failed(index))
      return failure();
    initValue = *value;
    initIndex = *index;
  }
  int64_t offset = 0;
  if (op.getOffset()) {
    FailureOr<TensorRef> tensor = lookupTensor(op, op.getOffset());
    if (failed(tensor))
      return failure();
    if ((*tensor)->ints.size() != 1)
      return fail(op, "the offset must hold one element");
    offset = (*tensor)->ints.front();
  }

  // The carried state; its shape is the broadcast of the candidate and the
  // initial state, known once the first candidate has been computed.
  Tensor best, bestIndex;
  bool initialized = false;
  auto initialize = [&](ArrayRef<int64_t> shape,
                        const BroadcastPlan *plan) -> LogicalResult {
    if (failed(allocate(op, elementType, shape, best)) ||
        failed(allocate(op, IntegerType::get(op.getContext(), 64), shape,
                        bestIndex)))
      return failure();
    initialized = true;
    if (!initValue) {
      // Nothing beats the default but a strictly better candidate; index 0.
      if (isFloat)
        std::fill(best.floats.begin(), best.floats.end(),
                  isMin ? std::numeric_limits<double>::infinity()
                        : -std::numeric_limits<double>::infinity());
      else
        std::fill(best.ints.begin(), best.ints.end(),
                  isMin ? maxOfWidth(width) : minOfWidth(width));
      return success();
    }
    // The plan's operands are (candidate, init value, init index).
    forEachElement(*plan, best.numel(),
                   [&](int64_t i, ArrayRef<int64_t> offsets) {
                     if (isFloat)
                       best.floats[i] = initValue->floats[offsets[1]];
                     else
                       best.ints[i] = initValue->ints[offsets[1]];
                     bestIndex.ints[i] = initIndex->ints[offsets[2]];
                     return true;
                   });
    return success();
  };

  Block &body = op.getBodyBlock();
  BlockArgument iteration = op.getIteration();
  for (int64_t t = 0; t < *trips; ++t) {
    indices[iteration] = t;
    FailureOr<Operation *> terminator = evalBlock(body);
    if (failed(terminator)) {
      error += " (in iteration t = " + std::to_string(t) + " of a running " +
               (isMin ? "min" : "max") + ")";
      return failure();
    }
    auto yield = dyn_cast<fuse::YieldOp>(*terminator);
    if (!yield || yield.getValues().size() != 1)
      return fail(op, "the body must yield one candidate");
    FailureOr<TensorRef> candidateRef =
        lookupTensor(yield, yield.getValues()[0]);
    if (failed(candidateRef))
      return failure();
    release(body, yield);
    const Tensor &candidate = **candidateRef;
    if (candidate.elementType != elementType)
      return fail(op, "candidate element type differs from the result's");

    SmallVector<const Tensor *, 3> operands = {&candidate};
    SmallVector<Type, 3> types = {yield.getValues()[0].getType()};
    if (initValue) {
      operands.append({initValue.get(), initIndex.get()});
      types.append({op.getInitValue().getType(), op.getInitIndex().getType()});
    }
    BroadcastPlan plan;
    if (failed(planBroadcast(op, operands, types, std::nullopt, plan)))
      return failure();
    if (!initialized) {
      if (failed(initialize(plan.shape, &plan)))
        return failure();
    } else if (ArrayRef<int64_t>(plan.shape) != ArrayRef<int64_t>(best.shape)) {
      return fail(op, "the candidate of iteration " + std::to_string(t) +
                          " has shape " + formatShape(candidate.shape) +
                          ", which changes the state's shape " +
                          formatShape(best.shape));
    }

    int64_t recorded;
    if (llvm::AddOverflow(offset, t, recorded))
      return fail(op, "offset + t overflows int64");
    forEachElement(plan, best.numel(),
                   [&](int64_t i, ArrayRef<int64_t> offsets) {
                     bool better;
                     if (isFloat) {
                       double c = candidate.floats[offsets[0]];
                       double b = best.floats[i];
                       if (propagate && std::isnan(b))
                         better = false; // The first NaN stays.
                       else if (propagate && std::isnan(c))
                         better = true; // NaN beats every number.
                       else // Ordered: with nan = ignore a NaN never wins.
                         better = isMin ? c < b : c > b;
                       if (better)
                         best.floats[i] = c;
                     } else {
                       int64_t c = candidate.ints[offsets[0]];
                       better = isMin ? c < best.ints[i] : c > best.ints[i];
                       if (better)
                         best.ints[i] = c;
                     }
                     if (better)
                       bestIndex.ints[i] = recorded;
                     return true;
                   });
  }
  indices.erase(iteration);

  if (!initialized) {
    // Zero trips: the state is the initial one, whose shape must then be
    // the whole result shape. The init value also stands in for the absent
    // candidate (operand 0), so that the plan's operands are laid out as
    // initialize() reads them.
    if (initValue) {
      BroadcastPlan plan;
      SmallVector<const Tensor *, 3> operands = {
          initValue.get(), initValue.get(), initIndex.get()};
      SmallVector<Type, 3> types = {op.getInitValue().getType(),
                                    op.getInitValue().getType(),
                                    op.getInitIndex().getType()};
      if (failed(planBroadcast(op, operands, types, std::nullopt, plan)) ||
          failed(initialize(plan.shape, &plan)))
        return failure();
    } else if (valueType.hasStaticShape()) {
      if (failed(initialize(valueType.getShape(), nullptr)))
        return failure();
    } else {
      return fail(op, "zero trips and no initial state: the dynamic result "
                      "shape is unknown");
    }
  }
  if (failed(define(op, op.getValue(), std::move(best))))
    return failure();
  return define(op, op.getIndex(), std::move(bestIndex));
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult Evaluator::evalOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](fuse::AddOp) { return evalBinary(op, BinaryKind::Add); })
      .Case([&](fuse::SubOp) { return evalBinary(op, BinaryKind::Sub); })
      .Case([&](fuse::MulOp) { return evalBinary(op, BinaryKind::Mul); })
      .Case([&](fuse::DivOp) { return evalBinary(op, BinaryKind::Div); })
      .Case([&](fuse::MaxOp) { return evalBinary(op, BinaryKind::Max); })
      .Case([&](fuse::MinOp) { return evalBinary(op, BinaryKind::Min); })
      .Case([&](fuse::SquareOp) { return evalUnary(op, UnaryKind::Square); })
      .Case([&](fuse::NegOp) { return evalUnary(op, UnaryKind::Neg); })
      .Case([&](fuse::AbsOp) { return evalUnary(op, UnaryKind::Abs); })
      .Case([&](fuse::ExpOp) { return evalUnary(op, UnaryKind::Exp); })
      .Case([&](fuse::SqrtOp) { return evalUnary(op, UnaryKind::Sqrt); })
      .Case([&](fuse::ReluOp) { return evalUnary(op, UnaryKind::Relu); })
      .Case([&](fuse::CmpOp cmp) { return evalCmp(cmp); })
      .Case([&](fuse::WhereOp where) { return evalWhere(where); })
      .Case([&](fuse::CastOp cast) { return evalCast(cast); })
      .Case([&](fuse::ExpandDimsOp expand) { return evalExpandDims(expand); })
      .Case([&](fuse::BroadcastToOp bcast) { return evalBroadcastTo(bcast); })
      .Case(
          [&](fuse::TransposeOp transpose) { return evalTranspose(transpose); })
      .Case([&](fuse::TakeOp take) { return evalTake(take); })
      .Case([&](fuse::ConstantOp constant) {
        return evalConstant(op, constant.getValue(), constant.getResult());
      })
      .Case([&](fuse::SumOp) { return evalReduction(op, ReduceKind::Sum); })
      .Case(
          [&](fuse::ReduceMinOp) { return evalReduction(op, ReduceKind::Min); })
      .Case(
          [&](fuse::ReduceMaxOp) { return evalReduction(op, ReduceKind::Max); })
      .Case(
          [&](fuse::ArgMinOp) { return evalReduction(op, ReduceKind::ArgMin); })
      .Case(
          [&](fuse::ArgMaxOp) { return evalReduction(op, ReduceKind::ArgMax); })
      .Case([&](fuse::MatmulOp matmul) { return evalMatmul(matmul); })
      .Case([&](fuse::KernelOp kernel) { return evalKernel(kernel); })
      .Case([&](fuse::RunningMinOp running) { return evalRunningMin(running); })
      .Case([&](arith::ConstantOp constant) {
        return evalArithConstant(constant);
      })
      .Case([&](arith::AddIOp) {
        return evalIndexArith(op, IndexArithKind::Add);
      })
      .Case([&](arith::SubIOp) {
        return evalIndexArith(op, IndexArithKind::Sub);
      })
      .Case([&](arith::MulIOp) {
        return evalIndexArith(op, IndexArithKind::Mul);
      })
      .Case([&](tensor::DimOp dim) { return evalDim(dim); })
      .Default([&](Operation *) { return fail(op, "unsupported operation"); });
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

FailureOr<std::vector<Tensor>> ref::evaluate(func::FuncOp func,
                                             ArrayRef<Tensor> inputs,
                                             const EvalOptions &options,
                                             Observer observer,
                                             std::string *error) {
  if (!func) {
    if (error)
      *error = "no function to evaluate";
    return failure();
  }
  Evaluator evaluator(options, observer);
  std::vector<Tensor> results;
  if (failed(evaluator.run(func, inputs, results))) {
    if (error)
      *error = evaluator.getError();
    return failure();
  }
  return FailureOr<std::vector<Tensor>>(std::move(results));
}

FailureOr<std::vector<Tensor>>
ref::evaluate(func::FuncOp func, ArrayRef<Tensor> inputs, Precision precision,
              Observer observer, std::string *error) {
  EvalOptions options;
  options.precision = precision;
  return evaluate(func, inputs, options, observer, error);
}
