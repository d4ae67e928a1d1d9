//===- fusec.cpp - the fusec compiler driver ------------------------------===//
//
// Part of fusec. `fusec expr.mlir -o kernel.ptx` compiles the naive program
// in the fuse dialect to PTX and writes the launch description next to it
// (kernel.ptx.json) and into the PTX (a `// fusec-launch:` comment).
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Compiler/Compiler.h"
#include "fusec/InitFusec.h"
#include "fusec/Pipeline/Pipelines.h"
#include "fusec/runtime/LaunchDesc.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory fusecCategory("fusec options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input.mlir | ->"),
                                          cl::init("-"),
                                          cl::cat(fusecCategory));

static cl::opt<std::string>
    outputFilename("o",
                   cl::desc("Output file ('-' for stdout). For --emit=ptx "
                            "the launch description goes to <output>.json "
                            "as well as into the PTX"),
                   cl::value_desc("filename"), cl::init("-"),
                   cl::cat(fusecCategory));

static cl::opt<fusec::EmitLevel> emitLevel(
    "emit", cl::desc("What to produce (each stage includes the earlier ones)"),
    cl::init(fusec::EmitLevel::PTX),
    cl::values(
        clEnumValN(fusec::EmitLevel::Fused, "fused",
                   "MLIR after fusion: fuse.kernel regions with running "
                   "minima"),
        clEnumValN(fusec::EmitLevel::Loops, "loops",
                   "MLIR loop nests (scf/arith/memref), the CPU schedule"),
        clEnumValN(fusec::EmitLevel::GPU, "gpu",
                   "MLIR gpu.module with the GPU schedule (scf/memref)"),
        clEnumValN(fusec::EmitLevel::LLVM, "llvm",
                   "MLIR gpu.module in the LLVM and NVVM dialects"),
        clEnumValN(fusec::EmitLevel::PTX, "ptx",
                   "PTX text (default), plus the launch description")),
    cl::cat(fusecCategory));

static cl::opt<std::string>
    arch("arch",
         cl::desc("GPU architecture: sm_80, sm_86, sm_89, sm_90, sm_90a"),
         cl::init("sm_90"), cl::cat(fusecCategory));

static cl::opt<bool> fuseIndexReductions(
    "fuse-index-reductions",
    cl::desc("Fuse a reduction into the argmin/argmax that consumes it "
             "(false reproduces torch.compile's two-kernel plan)"),
    cl::init(true), cl::cat(fusecCategory));

static cl::opt<int64_t> tileM("tile-m", cl::desc("Rows per block"),
                              cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t> tileN("tile-n",
                              cl::desc("Candidates per shared-memory tile"),
                              cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t> tileK("tile-k",
                              cl::desc("Features per shared-memory slice"),
                              cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t> split("split",
                              cl::desc("Blocks that share one row tile"),
                              cl::init(0), cl::cat(fusecCategory));
static cl::opt<std::string> precision(
    "precision",
    cl::desc("How f32 products of the Gram form run: auto (the default: on "
             "sm_90a 3xtf32-certified wherever every kernel takes it and the "
             "ledger predicts it faster, else ieee; the labels are ieee's "
             "either way), ieee (FMA units), "
             "tf32 or 3xtf32 (tensor cores; 3xtf32 keeps about fp32 "
             "accuracy), or 3xtf32-recheck (3xtf32 finds each row's best two "
             "candidates and IEEE fp32 decides between them), or "
             "3xtf32-certified (a direct form sum((x - c)^2) runs on 3xtf32 "
             "tensor cores with an error bound, and the direct form decides "
             "every row the bound cannot: the direct form's labels, without "
             "--allow-reassociation). f16/bf16 products always use tensor "
             "cores"),
    cl::init("auto"), cl::cat(fusecCategory));
static cl::opt<int64_t> minBlocks(
    "min-blocks",
    cl::desc("Resident blocks per SM the tiled kernel asks ptxas for"),
    cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t> stages(
    "stages",
    cl::desc("Shared-memory slices in flight through cp.async, 2-8 (0: "
             "chosen; the FMA schedule's copy 4-byte elements, transposed); "
             "for 3xTF32's split producer, its mbarrier stages (3 if 0)"),
    cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t>
    cluster("cluster",
            cl::desc("wgmma schedule (sm_90a): -1 chosen; 0 cp.async copies "
                     "(3xTF32: register staging); 1 TMA loads (3xTF32: split "
                     "producer warpgroups); 2 or 4 TMA loads in clusters that "
                     "multicast the candidate tile (not 3xTF32)"),
            cl::init(-1), cl::cat(fusecCategory));
static cl::opt<int64_t> persistent(
    "persistent",
    cl::desc("TMA schedule without clusters: -1 chosen; 0 one block per row "
             "tile; 1 resident blocks that walk the row tiles and cache the "
             "candidate norms"),
    cl::init(-1), cl::cat(fusecCategory));
static cl::opt<int64_t> clusterSplit(
    "cluster-split",
    cl::desc("Candidate parts of TMA's persistent blocks (sm_90a, at most "
             "8): -1 chosen (they meet in a cluster's shared memory when "
             "every work unit fits the clusters the GPU holds at once); 0 "
             "always through the labels' atomics (a memset and an unpacking "
             "entry); 1 in clusters whenever the schedule can"),
    cl::init(-1), cl::cat(fusecCategory));
static cl::opt<bool> compensatedSums(
    "compensated-sums",
    cl::desc("Norms and other sums over the features add each slice's sum "
             "by TwoSum and carry its rounding error (default true; false: "
             "plain f32 chains, 3-4% faster on the large Gram shapes)"),
    cl::init(true), cl::cat(fusecCategory));
static cl::opt<int64_t> threadM("thread-m",
                                cl::desc("Rows of a thread's register tile"),
                                cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t>
    threadN("thread-n", cl::desc("Candidates of a thread's register tile"),
            cl::init(0), cl::cat(fusecCategory));
static cl::opt<int64_t> expectedRows(
    "expected-rows",
    cl::desc("Rows assumed for a dynamic row axis when choosing tiles"),
    cl::init(0), cl::cat(fusecCategory));

enum class LedgerFormat { None, Text, JSON };
static cl::opt<LedgerFormat> ledger(
    "ledger",
    cl::desc("Print the byte ledger (eager plan vs fused plan: bytes, FLOPs, "
             "launches, peak memory, predicted floor and regime) instead of "
             "compiling"),
    cl::ValueOptional, cl::init(LedgerFormat::None),
    cl::values(clEnumValN(LedgerFormat::Text, "", "readable table"),
               clEnumValN(LedgerFormat::Text, "text", "readable table"),
               clEnumValN(LedgerFormat::JSON, "json", "machine-readable")),
    cl::cat(fusecCategory));
static cl::opt<std::string>
    device("device",
           cl::desc("Device profile of the ledger and of the schedule "
                    "choices: h200, l4 or a JSON file"),
           cl::init("h200"), cl::cat(fusecCategory));
static cl::opt<bool> allowReassociation(
    "allow-reassociation",
    cl::desc("Let the byte ledger compute squared distances in the Gram "
             "form (faster, rounds differently; off by default)"),
    cl::init(false), cl::cat(fusecCategory));
static cl::opt<bool>
    remarks("remarks",
            cl::desc("Report each fusion and schedule decision, with the "
                     "ledger's figures, as a remark on stderr"),
            cl::init(false), cl::cat(fusecCategory));
static cl::list<std::string>
    sizes("sizes",
          cl::desc("Sizes of dynamic dimensions for the ledger, e.g. n=4096 "
                   "or arg0.dim0=4096"),
          cl::CommaSeparated, cl::cat(fusecCategory));
static cl::opt<std::string> measurements(
    "measurements",
    cl::desc("JSON file of measured times the ledger checks against its "
             "floors"),
    cl::init(""), cl::cat(fusecCategory));

/// The bytes of the temporaries in `function`'s launch description (in
/// `scheduled`) at `sizes`; nullopt when it has none recorded or a size it
/// needs is unbound or overflows (the ledger reports unbound sizes itself).
/// The runtime allocates them for the whole call (docs/abi.md).
static std::optional<int64_t>
launchTemporaryBytes(ModuleOp scheduled, StringRef function,
                     const mlir::fuse::SizeBindings &sizes) {
  auto func = scheduled.lookupSymbol<func::FuncOp>(function);
  auto json = func ? func->getAttrOfType<StringAttr>("fusec.launch") : nullptr;
  if (!json)
    return std::nullopt;
  fusec::rt::Expected<fusec::rt::LaunchDesc> desc =
      fusec::rt::parseLaunchDesc(json.getValue().str());
  if (!desc.ok())
    return std::nullopt;
  fusec::rt::SymbolValues symbols;
  for (const fusec::rt::SizeDesc &size : desc->sizes) {
    // A size symbol is a dynamic dimension, which `NAME=V` binds unless
    // argI.dimJ names it.
    std::optional<int64_t> value = sizes.lookupDim(size.arg, size.dim);
    if (!value)
      if (std::optional<std::pair<std::string, int64_t>> all = sizes.getAll())
        value = all->second;
    if (!value)
      return std::nullopt;
    symbols[size.name] = *value;
  }
  int64_t total = 0;
  for (const fusec::rt::BufferDesc &buffer : desc->buffers) {
    int64_t bytes = fusec::rt::dtypeBytes(buffer.dtype);
    for (const fusec::rt::Dim &dim : buffer.shape) {
      int64_t extent = dim.size;
      if (dim.isSymbol()) {
        auto it = symbols.find(dim.symbol);
        if (it == symbols.end())
          return std::nullopt;
        extent = it->second;
      }
      if (llvm::MulOverflow(bytes, extent, bytes))
        return std::nullopt;
    }
    if (llvm::AddOverflow(total, bytes, total))
      return std::nullopt;
  }
  return total;
}

/// The compile options the command line asks for.
static fusec::CompileOptions compileOptionsFromFlags() {
  fusec::CompileOptions options;
  options.emit = emitLevel;
  options.arch = arch;
  options.fuseIndexReductions = fuseIndexReductions;
  options.tileM = tileM;
  options.tileN = tileN;
  options.tileK = tileK;
  options.split = split;
  options.precision = precision;
  options.expectedRows = expectedRows;
  options.minBlocks = minBlocks;
  options.stages = stages;
  options.cluster = cluster;
  options.persistent = persistent;
  options.clusterSplit = clusterSplit;
  options.compensatedSums = compensatedSums;
  options.threadM = threadM;
  options.threadN = threadN;
  options.device = device;
  options.remarks = remarks;
  options.allowReassociation = allowReassociation;
  return options;
}

/// `fusec --ledger`: the eager plan of the program as written, the fused
/// plan after fusion, the decision, and the GPU schedule chosen for each
/// kernel. The program is scheduled first: the fused plans' peaks count the
/// temporaries that the schedule's launches allocate.
static int printLedgerReport(llvm::SourceMgr &sourceMgr, MLIRContext &context,
                             llvm::raw_ostream &os) {
  OwningOpRef<ModuleOp> eager = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!eager)
    return 1;
  // As compiling does: a module without functions is an error, not an
  // empty report.
  if (eager->getOps<func::FuncOp>().empty()) {
    llvm::errs() << "fusec: error: no function to compile in '" << inputFilename
                 << "'\n";
    return 1;
  }
  // The precision a compile with the same flags takes (auto resolved).
  fusec::CompileOptions compileOptions = compileOptionsFromFlags();
  compileOptions.precision = fusec::resolvePrecision(*eager, compileOptions);
  OwningOpRef<ModuleOp> fused = eager->clone();
  OwningOpRef<ModuleOp> scheduled = eager->clone();
  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  applyDefaultTimingPassManagerCLOptions(pm);
  fusec::FusionPipelineOptions fusion;
  fusec::applyCompileOptions(compileOptions, fusion);
  fusion.emitRemarks = true;
  fusec::buildFusionPipeline(pm, fusion);
  // The fusion decisions go into the report, not to stderr.
  std::vector<std::string> decisions;
  {
    ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Remark)
        return failure(); // Errors reach the default handler.
      decisions.push_back(diag.str());
      return success();
    });
    if (failed(pm.run(*fused)))
      return 1;
  }

  mlir::fuse::LedgerOptions options;
  options.precision = compileOptions.precision;
  auto profile = mlir::fuse::getDeviceProfile(device);
  if (!profile) {
    llvm::errs() << "fusec: error: " << llvm::toString(profile.takeError())
                 << "\n";
    return 1;
  }
  options.device = *profile;
  // sm_90a's tensor-core kernels (TMA, or 3xTF32's split producer,
  // without clusters) run in a block per multiprocessor, which computes the
  // candidate norms once.
  if (arch == "sm_90a" &&
      mlir::fuse::persistentBlocksAllowed(persistent, cluster))
    options.persistentBlocks = profile->multiprocessors;
  auto bindings = mlir::fuse::SizeBindings::parse(
      std::vector<std::string>(sizes.begin(), sizes.end()));
  if (!bindings) {
    llvm::errs() << "fusec: error: " << llvm::toString(bindings.takeError())
                 << "\n";
    return 1;
  }
  // The GPU schedule, for its temporaries and its decisions (remarks).
  PassManager gpm(&context);
  // As a compile with the same flags: --expected-rows, not --sizes, picks
  // the schedule. Its remarks are the compile's, not the report's.
  fusec::GPUPipelineOptions gpu;
  fusec::applyCompileOptions(compileOptions, gpu);
  gpu.emitRemarks = false;
  fusec::buildGPUKernelPipeline(gpm, gpu);
  if (failed(gpm.run(*scheduled)))
    return 1;
  options.sizes = *bindings;
  options.measurementsPath = measurements;
  options.scheduleTemporaries = [&](StringRef function,
                                    const mlir::fuse::SizeBindings &sizes) {
    return launchTemporaryBytes(*scheduled, function, sizes);
  };
  if (failed(mlir::fuse::printLedger(*eager, *fused, options, os,
                                     ledger == LedgerFormat::JSON)))
    return 1;
  if (ledger == LedgerFormat::JSON)
    return 0;

  if (!decisions.empty()) {
    os << "\nfusion decisions:\n";
    for (const std::string &decision : decisions)
      os << "  " << decision << "\n";
  }

  os << "\nGPU schedule (" << arch << "):\n";
  scheduled->walk([&](gpu::GPUFuncOp func) {
    if (auto remark = func->getAttrOfType<StringAttr>("fusec.schedule"))
      os << "  remark: " << func.getName() << ": " << remark.getValue()
         << "\n";
  });
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAsmPrinterCLOptions();
  // --help lists fusec's options and MLIR's context, pass-manager, timing
  // and printing options; the hundreds of LLVM backend options linked in
  // stay accepted but hidden.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    StringRef name = entry.first;
    bool ours = llvm::is_contained(option->Categories, &fusecCategory);
    bool mlir = name.starts_with("mlir-") || name.starts_with("pass-") ||
                name == "print-ir-after-all" || name == "help" ||
                name == "version";
    if (!ours && !mlir)
      option->setHiddenFlag(cl::ReallyHidden);
  }
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "fusec " << fusec::getVersionString() << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusec: compiles elementwise-plus-reduction programs in the fuse "
      "dialect\n\n"
      "  fusec expr.mlir -o kernel.ptx    PTX + kernel.ptx.json\n"
      "  fusec --emit=fused expr.mlir     see the fused kernels\n\n"
      "Exit codes: 0 success, 1 error (a diagnostic is printed).\n");

  DialectRegistry registry;
  fusec::registerAllFusecDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // An error is one located line (with the source line), as the parser
  // reports it; the dump of the whole module that MLIR attaches to a
  // failing pass's errors is for --mlir-print-op-on-diagnostic.
  cl::Option *printOp =
      cl::getRegisteredOptions().lookup("mlir-print-op-on-diagnostic");
  if (!printOp || !printOp->getNumOccurrences())
    context.printOpOnDiagnostic(false);

  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "fusec: error: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  // Decisions print as one located line each, without the op dump that
  // MLIR attaches to diagnostics for debugging.
  ScopedDiagnosticHandler remarkHandler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Remark)
      return failure();
    diagHandler.emitDiagnostic(diag.getLocation(), diag.str(),
                               DiagnosticSeverity::Remark,
                               /*displaySourceLine=*/false);
    return success();
  });

  if (!fusec::isKnownCompilePrecision(precision)) {
    llvm::errs() << "fusec: error: --precision must be "
                 << fusec::knownCompilePrecisions() << ", not '" << precision
                 << "'\n";
    return 1;
  }

  if (ledger != LedgerFormat::None) {
    auto output = openOutputFile(outputFilename, &error);
    if (!output) {
      llvm::errs() << "fusec: error: cannot write '" << outputFilename
                   << "': " << error << "\n";
      return 1;
    }
    if (int rc = printLedgerReport(sourceMgr, context, output->os()))
      return rc;
    output->keep();
    return 0;
  }

  fusec::CompileOptions options = compileOptionsFromFlags();
  options.configurePassManager = [](PassManager &pm) {
    if (failed(applyPassManagerCLOptions(pm)))
      return false;
    applyDefaultTimingPassManagerCLOptions(pm); // --mlir-timing
    return true;
  };

  FailureOr<fusec::CompileResult> result =
      fusec::compile(sourceMgr, context, options);
  if (failed(result))
    return 1;

  auto output = openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << "fusec: error: cannot write '" << outputFilename
                 << "': " << error << "\n";
    return 1;
  }
  output->os() << result->text;
  if (emitLevel == fusec::EmitLevel::PTX && outputFilename != "-") {
    std::string jsonName = outputFilename + ".json";
    auto json = openOutputFile(jsonName, &error);
    if (!json) {
      llvm::errs() << "fusec: error: cannot write '" << jsonName
                   << "': " << error << "\n";
      return 1;
    }
    json->os() << result->launchJSON;
    json->keep();
  }
  output->keep();
  return 0;
}
