//===- Compiler.cpp - fusec's compiler entry point ------------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Compiler/Compiler.h"

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Conversion/Passes.h"
#include "fusec/Pipeline/Pipelines.h"
#include "fusec/runtime/LaunchDesc.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

std::string fusec::getVersionString() {
  return std::string("0.1.0 (LLVM/MLIR ") + LLVM_VERSION_STRING + ")";
}

FailureOr<fusec::CompileResult>
fusec::compile(llvm::SourceMgr &sourceMgr, MLIRContext &context,
               const CompileOptions &options) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failure();
  return compileModule(*module, options);
}

namespace {

/// A diagnostic held back while the certified schedule is tried.
struct HeldDiagnostic {
  Location loc;
  DiagnosticSeverity severity;
  std::string message;
};

} // namespace

/// --precision=auto on sm_90a: compiles a copy under 3xtf32-certified, whose
/// labels are the direct form's IEEE labels (docs/tensor-cores.md), and
/// keeps it when every kernel took it. A kernel it does not apply to (a
/// Gram form written by the user, values beside the labels, an initial
/// value) makes that compile fail, and then the ieee compile runs instead:
/// auto never reports the certified schedule's errors. Returns failure when
/// the copy did not compile, leaving `module` untouched.
static FailureOr<fusec::CompileResult>
compileCertifiedCopy(ModuleOp module, const fusec::CompileOptions &options) {
  MLIRContext *context = module.getContext();
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  fusec::CompileOptions certified = options;
  certified.precision = "3xtf32-certified";
  certified.certifyWhereFaster = true;
  std::vector<HeldDiagnostic> held;
  FailureOr<fusec::CompileResult> result = failure();
  {
    ScopedDiagnosticHandler hold(context, [&](Diagnostic &diag) {
      held.push_back({diag.getLocation(), diag.getSeverity(), diag.str()});
      return success();
    });
    result = fusec::compileModule(*copy, certified);
  }
  if (failed(result)) {
    // Why the ledger kept the FMA kernel, for --remarks; the schedule's
    // other refusals stay quiet.
    if (options.remarks)
      for (const HeldDiagnostic &diag : held)
        if (diag.severity == DiagnosticSeverity::Error &&
            StringRef(diag.message).contains(mlir::fuse::kAutoKeepsFmaKernel))
          emitRemark(diag.loc) << diag.message;
    return failure();
  }
  // The copy's remarks and warnings are the compile's own.
  for (const HeldDiagnostic &diag : held) {
    if (diag.severity == DiagnosticSeverity::Remark)
      emitRemark(diag.loc) << diag.message;
    else if (diag.severity == DiagnosticSeverity::Warning)
      emitWarning(diag.loc) << diag.message;
  }
  module->setAttrs((*copy)->getAttrDictionary());
  module.getBodyRegion().takeBody(copy->getBodyRegion());
  return result;
}

bool fusec::isKnownCompilePrecision(llvm::StringRef precision) {
  return precision == "auto" || mlir::fuse::isKnownPrecision(precision);
}

std::string fusec::knownCompilePrecisions() {
  return std::string("auto, ") + mlir::fuse::kKnownPrecisions;
}

std::string fusec::resolvePrecision(ModuleOp module,
                                    const CompileOptions &options) {
  if (options.precision != "auto")
    return options.precision;
  if (options.arch != "sm_90a")
    return "ieee";
  CompileOptions trial = options;
  // The schedule decides: no need to lower it.
  trial.emit = EmitLevel::GPU;
  trial.remarks = false;
  trial.configurePassManager = nullptr;
  trial.precision = "3xtf32-certified";
  trial.certifyWhereFaster = true;
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  ScopedDiagnosticHandler silence(module.getContext(),
                                  [](Diagnostic &) { return success(); });
  return succeeded(compileModule(*copy, trial)) ? "3xtf32-certified" : "ieee";
}

FailureOr<fusec::CompileResult>
fusec::compileModule(ModuleOp module, const CompileOptions &options) {
  if (options.precision == "auto") {
    CompileOptions resolved = options;
    // Only sm_90a has the warpgroup MMAs the certified schedule runs on.
    if (options.arch == "sm_90a")
      if (FailureOr<CompileResult> certified =
              compileCertifiedCopy(module, options);
          succeeded(certified))
        return certified;
    resolved.precision = "ieee";
    return compileModule(module, resolved);
  }
  MLIRContext *context = module.getContext();
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      funcs.push_back(func);
  if (funcs.empty())
    return module.emitError("no function to compile");
  if (options.emit >= EmitLevel::GPU && funcs.size() != 1)
    return funcs[1].emitError("fusec compiles one function per PTX file; "
                              "found another here");

  PassManager pm(context);
  if (options.configurePassManager && !options.configurePassManager(pm))
    return failure();

  FusionPipelineOptions fusion;
  applyCompileOptions(options, fusion);
  GPUPipelineOptions gpu;
  applyCompileOptions(options, gpu);
  switch (options.emit) {
  case EmitLevel::Fused:
    buildFusionPipeline(pm, fusion);
    break;
  case EmitLevel::Loops:
    buildFusionPipeline(pm, fusion);
    pm.addPass(fuse::createFuseLowerToLoops());
    break;
  case EmitLevel::GPU:
    buildGPUKernelPipeline(pm, gpu);
    break;
  case EmitLevel::LLVM:
    buildGPUKernelPipeline(pm, gpu);
    buildNVVMLoweringPipeline(pm);
    break;
  case EmitLevel::PTX:
    buildPTXPipeline(pm, gpu);
    break;
  }
  if (failed(pm.run(module)))
    return failure();

  CompileResult result;
  if (options.emit != EmitLevel::PTX) {
    llvm::raw_string_ostream os(result.text);
    module.print(os);
    return result;
  }

  auto launch = funcs.front()->getAttrOfType<StringAttr>("fusec.launch");
  if (!launch)
    return module.emitError("internal error: no launch description");
  result.launchJSON = launch.str();
  std::string ptx;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute object : binary.getObjects())
      if (auto gpuObject = dyn_cast<gpu::ObjectAttr>(object))
        ptx += gpuObject.getObject().str();
  });
  if (ptx.empty())
    return module.emitError("internal error: no PTX was produced");
  // A math function that libdevice was to define stays an extern: the
  // driver could not load the module.
  if (size_t pos = ptx.find(".extern .func"); pos != std::string::npos) {
    size_t name = ptx.find("__nv_", pos);
    std::string symbol =
        name == std::string::npos
            ? std::string("an external function")
            : ptx.substr(name, ptx.find_first_of(" \n(", name) - name);
    return funcs.front().emitError()
           << "the kernel calls " << symbol
           << ", which libdevice defines, but no CUDA toolkit with "
              "nvvm/libdevice/libdevice.10.bc was found: set CUDA_HOME to "
              "one";
  }
  result.text = fusec::rt::embedLaunchDesc(ptx, result.launchJSON);
  return result;
}
