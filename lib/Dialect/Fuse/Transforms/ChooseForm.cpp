//===- ChooseForm.cpp - direct or Gram form of squared distances ----------===//
//
// Part of fusec. Implements fuse-choose-form: with reassociation allowed,
// rewrites sum((a - b)^2) into the Gram form when the byte ledger predicts
// the fused Gram plan to be faster.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Dialect/Fuse/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSECHOOSEFORM
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;

namespace {

/// sum(square(sub(a, b)), dim) with a and b spanning `dim`.
struct DirectDistance {
  SumOp sum;
  Value lhs, rhs;
};

/// Whether `value` spans dimension `dim` of the `rank`-dimensional result
/// of a broadcast (NumPy alignment: the trailing dimensions line up), that
/// is, has it with an extent other than a static 1.
bool spans(Value value, int64_t dim, int64_t rank) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t own = dim - (rank - type.getRank());
  return own >= 0 && type.getDimSize(own) != 1;
}

std::optional<DirectDistance> matchDirect(SumOp sum) {
  auto square = sum.getInput().getDefiningOp<SquareOp>();
  if (!square)
    return std::nullopt;
  auto sub = square.getInput().getDefiningOp<SubOp>();
  if (!sub || !isa<FloatType>(getElementTypeOrSelf(sub.getType())))
    return std::nullopt;
  int64_t rank = cast<RankedTensorType>(sub.getType()).getRank();
  int64_t dim = sum.getDim();
  if (!spans(sub.getLhs(), dim, rank) || !spans(sub.getRhs(), dim, rank))
    return std::nullopt;
  return DirectDistance{sum, sub.getLhs(), sub.getRhs()};
}

/// Rewrites one direct distance into the Gram form, in place:
/// sum(a^2) + sum(b^2) - 2 sum(a b). Each norm reduces its operand's own
/// copy of the dimension, with the sum's keepdim: both operands span it,
/// and dropping (or keeping) the same aligned dimension everywhere keeps
/// the NumPy alignment of what remains, so the terms broadcast to the
/// sum's type.
void rewriteToGram(const DirectDistance &match, bool certified) {
  SumOp sum = match.sum;
  OpBuilder b(sum);
  Location loc = sum.getLoc();
  int64_t rank = cast<RankedTensorType>(sum.getInput().getType()).getRank();
  auto norm = [&](Value operand) {
    int64_t own = sum.getDim() -
                  (rank - cast<RankedTensorType>(operand.getType()).getRank());
    Value squared = SquareOp::create(b, loc, operand);
    return SumOp::create(b, loc, squared, own, sum.getKeepdim()).getResult();
  };
  Value aa = norm(match.lhs);
  Value bb = norm(match.rhs);
  Value product = MulOp::create(b, loc, match.lhs, match.rhs);
  auto crossSum =
      SumOp::create(b, loc, product, sum.getDim(), sum.getKeepdim());
  // --precision=3xtf32-certified: the GPU schedule must give the labels the
  // direct form's IEEE evaluation gives, so it needs to know that the Gram
  // form stands for sum((lhs - rhs)^2) (TiledRunningMin's certification).
  if (certified)
    crossSum->setAttr(kCertifiedDirectAttr, b.getUnitAttr());
  Value cross = crossSum.getResult();
  Type element = getElementTypeOrSelf(sum.getType());
  auto scalarType = RankedTensorType::get({}, element);
  Value two = ConstantOp::create(
      b, loc, DenseElementsAttr::get(scalarType, b.getFloatAttr(element, 2.0)));
  Value norms = AddOp::create(b, loc, aa, bb);
  Value twice = MulOp::create(b, loc, two, cross);
  Value gram = SubOp::create(b, loc, norms, twice);
  sum.getResult().replaceAllUsesWith(gram);
}

/// Erases the direct form's sum, then its square and subtraction where
/// nothing else uses them.
void eraseDirect(DirectDistance match) {
  auto square = match.sum.getInput().getDefiningOp<SquareOp>();
  match.sum->erase();
  if (!square.getResult().use_empty())
    return;
  auto sub = square.getInput().getDefiningOp<SubOp>();
  square->erase();
  if (sub.getResult().use_empty())
    sub->erase();
}

struct FuseChooseFormPass
    : public mlir::fuse::impl::FuseChooseFormBase<FuseChooseFormPass> {
  using FuseChooseFormBase::FuseChooseFormBase;

  void runOnOperation() override;

private:
  /// The certified mode rewrites without the reassociation flag: its labels
  /// are the direct form's, which the schedule checks against an error
  /// bound and recomputes where the bound cannot decide.
  bool certified() const { return precision == "3xtf32-certified"; }
  /// Predicted floor of the fused plan of a clone of `func` in which the
  /// candidates at `gramPositions` are in the Gram form.
  std::optional<double> predict(func::FuncOp func,
                                ArrayRef<unsigned> gramPositions,
                                const DeviceProfile &profile,
                                std::string &why);
};

std::optional<double>
FuseChooseFormPass::predict(func::FuncOp func, ArrayRef<unsigned> gramPositions,
                            const DeviceProfile &profile, std::string &why) {
  OpBuilder builder(func.getContext());
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  builder.setInsertionPointToEnd(scratch->getBody());
  auto clone = cast<func::FuncOp>(builder.clone(*func));
  ScopedDiagnosticHandler silence(func.getContext(), [&](Diagnostic &diag) {
    if (why.empty())
      why = diag.str();
    return success();
  });
  SmallVector<Operation *> ops;
  for (Operation &op : clone.getBody().front())
    ops.push_back(&op);
  // Later positions first: erasing a candidate's ops never touches an
  // earlier candidate's.
  SmallVector<unsigned> positions(gramPositions);
  llvm::sort(positions, std::greater<unsigned>());
  for (unsigned position : positions) {
    DirectDistance match = *matchDirect(cast<SumOp>(ops[position]));
    rewriteToGram(match, certified());
    eraseDirect(match);
  }
  if (failed(formKernels(clone, /*fuseIndexReductions=*/true, assumedSize,
                         /*computeBlowupLimit=*/2.0)))
    return std::nullopt;
  SizeBindings sizes;
  sizes.bindAll("n", assumedSize);
  FailureOr<PlanCost> plan =
      computePlan(clone, PlanKind::Fused, sizes, /*rowTile=*/64, precision);
  if (failed(plan))
    return std::nullopt;
  llvm::Expected<PlanTime> time = estimatePlan(*plan, profile);
  if (!time) {
    why = llvm::toString(time.takeError());
    return std::nullopt;
  }
  return time->total.floorSec;
}

void FuseChooseFormPass::runOnOperation() {
  func::FuncOp func = getOperation();
  if ((!allowReassociation && !certified()) || func.isExternal() ||
      !func.getBody().hasOneBlock())
    return;
  if (assumedSize <= 0) {
    func.emitOpError("fuse-choose-form: assumed-size must be positive");
    return signalPassFailure();
  }
  llvm::Expected<DeviceProfile> profile = getDeviceProfile(device);
  if (!profile) {
    func.emitOpError("fuse-choose-form: ")
        << llvm::toString(profile.takeError());
    return signalPassFailure();
  }
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front())
    ops.push_back(&op);
  SmallVector<unsigned> chosen;
  for (auto [position, op] : llvm::enumerate(ops)) {
    auto sum = dyn_cast<SumOp>(op);
    std::optional<DirectDistance> match =
        sum ? matchDirect(sum) : std::nullopt;
    if (!match)
      continue;
    // The certified schedule runs on sm_90a's warpgroup MMAs, whose rows
    // are 16-byte aligned: other feature counts keep the direct form,
    // whose FMA kernel gives the same labels.
    if (certified() && !allowReassociation) {
      // The schedule certifies the labels of an f32 argmin alone. Anything
      // else would run the Gram form uncertified, with the Gram form's
      // rounding: keep the direct form, which gives the labels asked for.
      if (!sum.getResult().hasOneUse() ||
          !isa<ArgMinOp>(*sum.getResult().getUsers().begin()) ||
          !getElementTypeOrSelf(sum.getType()).isF32()) {
        if (emitRemarks)
          op->emitRemark() << "fuse-choose-form: direct form: "
                              "--precision=3xtf32-certified certifies an f32 "
                              "distance whose only use is an argmin";
        continue;
      }
      auto input = cast<RankedTensorType>(sum.getInput().getType());
      int64_t features = input.getDimSize(sum.getDim());
      if (ShapedType::isDynamic(features) || features % 4 != 0) {
        if (emitRemarks)
          op->emitRemark() << "fuse-choose-form: direct form: "
                              "--precision=3xtf32-certified needs a static "
                              "multiple of 4 features, not "
                           << (ShapedType::isDynamic(features)
                                   ? std::string("a dynamic count")
                                   : std::to_string(features))
                           << "; the direct form's kernel gives the same "
                              "labels";
        continue;
      }
    }
    std::string why;
    std::optional<double> direct = predict(func, chosen, *profile, why);
    SmallVector<unsigned> withGram(chosen);
    withGram.push_back(position);
    std::optional<double> gram = predict(func, withGram, *profile, why);
    if (!direct || !gram) {
      if (emitRemarks)
        op->emitRemark() << "fuse-choose-form: the byte ledger cannot cost "
                            "this choice ("
                         << why << "); kept the direct form";
      continue;
    }
    bool useGram = *gram < *direct;
    if (useGram)
      chosen.push_back(position);
    if (emitRemarks)
      op->emitRemark() << "fuse-choose-form: "
                       << (useGram ? "Gram form" : "direct form")
                       << ": predicted fused floor "
                       << llvm::formatv("{0:f1}", *gram * 1e6)
                       << " us in the Gram form"
                       << (precision == "ieee"
                               ? ""
                               : " (products on tensor cores, " + precision +
                                     ")")
                       << " against "
                       << llvm::formatv("{0:f1}", *direct * 1e6)
                       << " us direct on " << profile->name << " at n="
                       << static_cast<int64_t>(assumedSize);
  }
  for (unsigned position : llvm::reverse(chosen)) {
    DirectDistance match = *matchDirect(cast<SumOp>(ops[position]));
    rewriteToGram(match, certified());
    eraseDirect(match);
  }
}

} // namespace
