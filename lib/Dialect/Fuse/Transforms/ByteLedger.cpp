//===- ByteLedger.cpp - the fuse-byte-ledger pass -------------------------===//
//
// Part of fusec. Attaches the byte ledger's figures (fusec/Analysis/
// ByteLedger.h) to functions and kernels, prints them on request, and holds
// measured times against the floors.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Dialect/Fuse/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSEBYTELEDGER
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;

namespace {

constexpr StringLiteral kEagerAttr = "fuse.ledger.eager";
constexpr StringLiteral kFusedAttr = "fuse.ledger.fused";
constexpr StringLiteral kDecisionAttr = "fuse.ledger.decision";
constexpr StringLiteral kKernelAttr = "fuse.ledger";

DictionaryAttr decisionToAttr(MLIRContext *context,
                              const FusionDecision &decision) {
  Builder b(context);
  // Ratios are doubles; an infinite one (a plan of zero bytes) is left out
  // rather than printed as a number that does not parse back.
  SmallVector<NamedAttribute> attrs;
  auto addRatio = [&](StringRef name, double value) {
    if (std::isfinite(value))
      attrs.push_back(b.getNamedAttr(name, b.getF64FloatAttr(value)));
  };
  addRatio("bytes_ratio", decision.bytesRatio);
  addRatio("time_ratio", decision.timeRatio);
  addRatio("flop_ratio", decision.flopRatio);
  addRatio("peak_ratio", decision.peakRatio);
  attrs.push_back(b.getNamedAttr("fuse", b.getBoolAttr(decision.fuse)));
  attrs.push_back(b.getNamedAttr("reason", b.getStringAttr(decision.reason)));
  return b.getDictionaryAttr(attrs);
}

struct FuseByteLedgerPass
    : public mlir::fuse::impl::FuseByteLedgerBase<FuseByteLedgerPass> {
  using FuseByteLedgerBase::FuseByteLedgerBase;

  void runOnOperation() override;

private:
  /// Counts and attaches the plan of one function; false on error.
  bool runOnFunction(func::FuncOp func, const LedgerOptions &options,
                     const MeasurementTable *measurements);
};

} // namespace

void FuseByteLedgerPass::runOnOperation() {
  ModuleOp module = getOperation();
  auto fail = [&](const Twine &message) {
    mlir::emitError(module.getLoc()) << "fuse-byte-ledger: " << message;
    signalPassFailure();
  };
  if (plan != "eager" && plan != "fused" && plan != "both")
    return fail("plan must be eager, fused or both, not '" + plan + "'");
  if (print != "none" && print != "text" && print != "json")
    return fail("print must be none, text or json, not '" + print + "'");
  if (rowTile < 1)
    return fail("row-tile must be >= 1");

  LedgerOptions options;
  llvm::Expected<DeviceProfile> profile = getDeviceProfile(device);
  if (!profile)
    return fail(llvm::toString(profile.takeError()));
  options.device = std::move(*profile);
  llvm::Expected<SizeBindings> bindings = SizeBindings::parse(sizes);
  if (!bindings)
    return fail(llvm::toString(bindings.takeError()));
  options.sizes = std::move(*bindings);
  options.rowTile = rowTile;

  std::optional<MeasurementTable> table;
  if (!measurements.empty()) {
    llvm::Expected<MeasurementTable> loaded = loadMeasurements(measurements);
    if (!loaded)
      return fail(llvm::toString(loaded.takeError()));
    table = std::move(*loaded);
    if (!table->device.empty() && table->device != options.device.name)
      mlir::emitWarning(module.getLoc())
          << "fuse-byte-ledger: the measurements were taken on '"
          << table->device << "' but the ledger uses '" << options.device.name
          << "'";
  }

  bool ok = true;
  for (func::FuncOp func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      ok &= runOnFunction(func, options, table ? &*table : nullptr);
  if (!ok)
    signalPassFailure();
}

bool FuseByteLedgerPass::runOnFunction(func::FuncOp func,
                                       const LedgerOptions &options,
                                       const MeasurementTable *measurements) {
  MLIRContext *context = func.getContext();
  bool hasKernels = !func.getOps<KernelOp>().empty();
  PlanKind kind = plan == "eager"   ? PlanKind::Eager
                  : plan == "fused" ? PlanKind::Fused
                  : hasKernels      ? PlanKind::Fused
                                    : PlanKind::Eager;

  FailureOr<PlanCost> cost =
      computePlan(func, kind, options.sizes, options.rowTile);
  if (failed(cost))
    return false;
  llvm::Expected<PlanTime> time = estimatePlan(*cost, options.device);
  if (!time) {
    mlir::emitError(func.getLoc())
        << "fuse-byte-ledger: " << llvm::toString(time.takeError());
    return false;
  }

  func->setAttr(kind == PlanKind::Eager ? kEagerAttr : kFusedAttr,
                planToAttr(context, *cost, *time, options.device.name));
  if (kind == PlanKind::Eager) {
    // A fresh eager plan invalidates whatever was compared with the old one.
    func->removeAttr(kFusedAttr);
    func->removeAttr(kDecisionAttr);
  } else {
    for (auto [kernel, estimate] : llvm::zip(cost->kernels, time->kernels))
      if (auto op = dyn_cast_or_null<KernelOp>(kernel.op))
        op->setAttr(kKernelAttr, kernelToAttr(context, kernel, estimate));
  }

  // The eager plan recorded before fusion, re-timed on this device.
  std::optional<PlanCost> eager;
  std::optional<PlanTime> eagerTime;
  std::optional<FusionDecision> decision;
  if (kind == PlanKind::Fused && plan == "both") {
    if (auto stored = func->getAttrOfType<DictionaryAttr>(kEagerAttr)) {
      FailureOr<PlanCost> recorded = planFromAttr(stored);
      if (failed(recorded) || recorded->kind != PlanKind::Eager) {
        mlir::emitError(func.getLoc())
            << "fuse-byte-ledger: malformed " << kEagerAttr << " attribute";
        return false;
      }
      if (recorded->sizes != cost->sizes) {
        mlir::emitWarning(func.getLoc())
            << "fuse-byte-ledger: the eager plan was recorded "
               "at sizes '"
            << recorded->sizes << "', not '" << cost->sizes
            << "'; the plans are not compared";
      } else {
        recorded->function = cost->function;
        llvm::Expected<PlanTime> recordedTime =
            estimatePlan(*recorded, options.device);
        if (!recordedTime) {
          mlir::emitError(func.getLoc())
              << "fuse-byte-ledger: "
              << llvm::toString(recordedTime.takeError());
          return false;
        }
        eager = std::move(*recorded);
        eagerTime = std::move(*recordedTime);
        decision = decideFusion(*eager, *eagerTime, *cost, *time, options);
        func->setAttr(kDecisionAttr, decisionToAttr(context, *decision));
      }
    }
  }

  if (print == "text") {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "byte ledger of @" << func.getSymName() << " on "
       << options.device.name << "\n";
    if (eager)
      printPlanTable(os, *eager, *eagerTime, options.device);
    printPlanTable(os, *cost, *time, options.device);
    if (decision)
      printDecision(os, *eager, *eagerTime, *cost, *time, *decision);
    llvm::errs() << text;
  } else if (print == "json") {
    llvm::json::Object obj{{"function", func.getSymName()},
                           {"device", profileToJSON(options.device)}};
    if (eager)
      obj["eager"] = planToJSON(*eager, *eagerTime);
    obj[stringifyPlanKind(kind)] = planToJSON(*cost, *time);
    if (decision)
      obj["decision"] = decisionToJSON(*decision);
    llvm::errs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(obj)))
                 << "\n";
  }

  if (!measurements)
    return true;
  // Each invocation checks the rows of the plan it counts, at the rows'
  // own sizes: eager rows before fusion, fused rows after.
  for (const Measurement &row : measurements->rows) {
    if (row.program != func.getSymName() || row.plan != kind)
      continue;
    FailureOr<PlanCost> rowCost =
        computePlan(func, kind, row.sizes, options.rowTile);
    if (failed(rowCost))
      return false;
    llvm::Expected<PlanTime> rowTime = estimatePlan(*rowCost, options.device);
    if (!rowTime) {
      mlir::emitError(func.getLoc())
          << "fuse-byte-ledger: " << llvm::toString(rowTime.takeError());
      return false;
    }
    MeasurementVerdict verdict = checkMeasurement(
        row, *rowCost, *rowTime, options.device, options.roofFraction);
    std::string sizesText = row.sizes.str();
    std::string what =
        llvm::formatv("measurement {0} ({1}, {2}{3}{4}): {5}", row.row,
                      row.program, stringifyPlanKind(row.plan),
                      sizesText.empty() ? "" : ", ", sizesText, verdict.message)
            .str();
    // At the function's location, without the op attached: the note that
    // would print the whole function adds nothing to a measurement.
    if (verdict.fasterThanFloor || verdict.likelyScheduleProblem)
      mlir::emitWarning(func.getLoc()) << what;
    else
      mlir::emitRemark(func.getLoc()) << what;
  }
  return true;
}
