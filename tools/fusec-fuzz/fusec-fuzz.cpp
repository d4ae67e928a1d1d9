//===- fusec-fuzz.cpp - libFuzzer target: MLIR text through fusec ---------===//
//
// Part of fusec. The input bytes are MLIR text. Each input is parsed and
// verified in a fresh context whose diagnostics are swallowed; a program that
// verifies then goes through the fusion pipeline (both index-reduction
// settings), the byte ledger, the CPU lowering to loops and to the LLVM
// dialect, and the GPU path down to PTX text. Failing with a diagnostic is a
// fine outcome; crashing, aborting, leaking, a sanitizer report, or a pass
// that succeeds but leaves IR that fails to verify is a bug.
//
// The libFuzzer build adds a mutator that swaps words of one class (element
// types, op names, predicates) and sizes, one occurrence or all of them, so
// that mutated programs still verify and reach the passes; a third of the
// mutations are libFuzzer's own (with the dictionary fusec.dict).
//
// With -DFUSEC_ENABLE_FUZZER=ON this links libFuzzer (see docs/testing.md,
// "Fuzzing"):
//
//   build-fuzz/bin/fusec-fuzz -dict=tools/fusec-fuzz/fusec.dict \
//       build-fuzz/fuzz-corpus tools/fusec-fuzz/corpus
//
// Without FUSEC_LIBFUZZER (fusec-fuzz-replay, built everywhere) it is a
// plain program that runs the files (or the files of the directories) named
// on its command line through the same function, so that the lit suite
// replays the seed corpus and the inputs of fixed crashes
// (test/fuzz/corpus.test).
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Compiler/Compiler.h"
#include "fusec/InitFusec.h"
#include "fusec/Pipeline/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>

using namespace mlir;

namespace {

const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    fusec::registerAllFusecDialects(*r);
    return r;
  }();
  return *registry;
}

/// A pass may fail with a diagnostic, but one that succeeds must leave
/// valid IR: the pass manager's own verifier would only report that as an
/// error, so the fuzzer checks it here and aborts, naming the pass.
struct VerifyAfterEachPass : public PassInstrumentation {
  void runAfterPass(Pass *pass, Operation *op) override {
    if (succeeded(verify(op)))
      return;
    llvm::errs() << "fusec-fuzz: pass '" << pass->getName()
                 << "' succeeded but left IR that fails to verify\n";
    std::abort();
  }
};

LogicalResult configureStrict(PassManager &pm) {
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>());
  return success();
}

/// Compiles a copy of `module` at `level`; the outcome does not matter.
FailureOr<fusec::CompileResult>
compileCopy(ModuleOp module, fusec::EmitLevel level, bool fuseIndexReductions,
            OwningOpRef<ModuleOp> *keep, llvm::StringRef precision = "ieee",
            llvm::StringRef arch = "sm_90") {
  OwningOpRef<ModuleOp> copy = module.clone();
  fusec::CompileOptions options;
  options.emit = level;
  options.fuseIndexReductions = fuseIndexReductions;
  options.precision = precision.str();
  options.arch = arch.str();
  options.configurePassManager = [](PassManager &pm) {
    return succeeded(configureStrict(pm));
  };
  FailureOr<fusec::CompileResult> result =
      fusec::compileModule(*copy, options);
  if (keep && succeeded(result))
    *keep = std::move(copy);
  return result;
}

/// Inputs that crash Debian's MLIR 22 itself (the parser, before any fusec
/// code runs), fixed upstream after the release. The fuzzer skips them so
/// that it goes on looking for bugs in fusec; docs/testing.md lists them.
bool hitsKnownUpstreamCrash(llvm::StringRef text) {
  // llvm/llvm-project#179045 (fixed by #179075): a dense array of `index`,
  // `array<index: ...>`, dereferences a null type in the parser.
  for (size_t pos = text.find("array"); pos != llvm::StringRef::npos;
       pos = text.find("array", pos + 1)) {
    llvm::StringRef rest = text.drop_front(pos + 5).ltrim();
    if (rest.consume_front("<") && rest.ltrim().starts_with("index"))
      return true;
  }
  return false;
}

void runOneInput(llvm::StringRef text) {
  if (hitsKnownUpstreamCrash(text))
    return;
  // A fresh context per input: nothing carries over from one input to the
  // next, and everything it allocates is freed (libFuzzer checks leaks).
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler swallow(&context,
                                  [](Diagnostic &) { return success(); });

  // The lexer relies on the NUL that MemoryBuffer puts after the text.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input.mlir"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(
      sourceMgr, ParserConfig(&context, /*verifyAfterParse=*/true));
  if (!module || failed(verify(*module)))
    return;

  // The fusion pipeline with both index-reduction plans; the default one's
  // output also feeds the byte ledger, as `fusec --ledger` does.
  (void)compileCopy(*module, fusec::EmitLevel::Fused,
                    /*fuseIndexReductions=*/false, nullptr);
  OwningOpRef<ModuleOp> fused;
  if (succeeded(compileCopy(*module, fusec::EmitLevel::Fused,
                            /*fuseIndexReductions=*/true, &fused))) {
    std::string ledger;
    llvm::raw_string_ostream os(ledger);
    fuse::LedgerOptions ledgerOptions;
    (void)fuse::printLedger(*module, *fused, ledgerOptions, os,
                            /*json=*/false);
    (void)fuse::printLedger(*module, *fused, ledgerOptions, os,
                            /*json=*/true);
  }

  // CPU: loops (the `--emit=loops` path), then the whole CPU pipeline down
  // to the LLVM dialect (what fuse-run's CPU executor JIT-compiles).
  if (succeeded(compileCopy(*module, fusec::EmitLevel::Loops,
                            /*fuseIndexReductions=*/true, nullptr))) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&context);
    (void)configureStrict(pm);
    fusec::FusionPipelineOptions cpu;
    fusec::buildCPUPipeline(pm, cpu);
    (void)pm.run(*copy);
  }

  // GPU: scheduled, lowered to NVVM and serialized to PTX text (MLIR's NVVM
  // serializer initializes the NVPTX backend itself). The f32 products of a
  // Gram form go to the FMA units, TF32 or 3xTF32 tensor cores (with or
  // without the recheck's second best, scratch and merge entry, or the
  // certified direct form's bounds and decision; or "auto", the default,
  // whose certified attempt on sm_90a holds its diagnostics and falls back
  // to ieee), and the target is sm_90 (mma.sync) or sm_90a (wgmma, TMA,
  // persistent blocks and the split producer), by the input's length, so
  // that every schedule is reached without multiplying the cost of an input
  // (f16/bf16 ones always take the tensor cores).
  static const char *const kPrecisions[] = {
      "ieee", "tf32", "3xtf32", "3xtf32-recheck", "3xtf32-certified", "auto"};
  constexpr size_t kNumPrecisions = std::size(kPrecisions);
  static const char *const kArchs[] = {"sm_90", "sm_90a"};
  (void)compileCopy(*module, fusec::EmitLevel::PTX,
                    /*fuseIndexReductions=*/true, nullptr,
                    kPrecisions[text.size() % kNumPrecisions],
                    kArchs[text.size() / kNumPrecisions % 2]);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  runOneInput(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  return 0;
}

#ifdef FUSEC_LIBFUZZER
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size,
                                   size_t maxSize);

namespace {

/// Words that may replace one another: a mutation that keeps the program
/// well formed more often than byte flips do, so that inputs get past the
/// verifier into the passes.
const std::vector<std::vector<std::string>> kWordClasses = {
    {"f32", "f16", "bf16", "f64", "i32", "i64", "i1", "i8", "index"},
    {"fuse.add", "fuse.sub", "fuse.mul", "fuse.div", "fuse.max", "fuse.min"},
    {"fuse.square", "fuse.neg", "fuse.abs", "fuse.exp", "fuse.sqrt",
     "fuse.relu"},
    {"fuse.sum", "fuse.reduce_min", "fuse.reduce_max", "fuse.argmin",
     "fuse.argmax"},
    {"lt", "le", "gt", "ge", "eq", "ne"},
    {"min", "max"},
    {"ignore", "propagate"},
};
const char *const kNumbers[] = {
    "0",   "1",    "2",    "3",          "4",          "5",
    "7",   "8",    "16",   "31",         "32",         "33",
    "64",  "127",  "128",  "256",        "512",        "1024",
    "-1",  "?",    "65536", "2147483647", "2147483648", "4294967296",
    "9223372036854775807"};

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

struct Span {
  size_t begin, length;
  int wordClass; // -1: a number (or a `?` size)
};

/// The words and numbers of `text` that a mutation may replace. A shape
/// such as `4x?xf32` yields 4, ? and f32.
std::vector<Span> findSpans(const std::string &text) {
  std::vector<Span> spans;
  auto boundedBefore = [&](size_t i) {
    if (i == 0)
      return true;
    char p = text[i - 1];
    if (p == 'x' && i >= 2 &&
        (std::isdigit(static_cast<unsigned char>(text[i - 2])) ||
         text[i - 2] == '?'))
      return true; // inside a shape
    return !isWordChar(p) && p != '%' && p != '@' && p != '#' && p != '^';
  };
  auto boundedAfter = [&](size_t end) {
    return end >= text.size() || !isWordChar(text[end]) || text[end] == 'x';
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (!boundedBefore(i))
      continue;
    if (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '?') {
      size_t end = i + 1;
      while (text[i] != '?' && end < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[end])))
        ++end;
      if (boundedAfter(end))
        spans.push_back({i, end - i, -1});
      continue;
    }
    for (size_t c = 0; c < kWordClasses.size(); ++c)
      for (const std::string &word : kWordClasses[c])
        if (text.compare(i, word.size(), word) == 0 &&
            (i + word.size() >= text.size() ||
             !isWordChar(text[i + word.size()])))
          spans.push_back({i, word.size(), static_cast<int>(c)});
  }
  return spans;
}

/// Replaces one word or number by another of its class; half of the time
/// every occurrence of it, so that types and sizes stay consistent.
bool mutateWords(std::string &text, std::minstd_rand &rng) {
  std::vector<Span> spans = findSpans(text);
  if (spans.empty())
    return false;
  Span pick = spans[rng() % spans.size()];
  std::string from = text.substr(pick.begin, pick.length), to;
  if (pick.wordClass < 0) {
    to = kNumbers[rng() % (sizeof(kNumbers) / sizeof(kNumbers[0]))];
  } else {
    const std::vector<std::string> &words = kWordClasses[pick.wordClass];
    to = words[rng() % words.size()];
  }
  if (to == from)
    return false;
  if (rng() % 2) {
    text.replace(pick.begin, pick.length, to);
    return true;
  }
  // Every occurrence of the same word (same class), back to front.
  for (auto it = spans.rbegin(); it != spans.rend(); ++it)
    if (it->wordClass == pick.wordClass &&
        text.compare(it->begin, it->length, from) == 0)
      text.replace(it->begin, it->length, to);
  return true;
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::minstd_rand rng(seed);
  if (rng() % 3 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char *>(data), size);
  bool changed = false;
  for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i)
    changed |= mutateWords(text, rng);
  if (!changed || text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}
#else
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

/// Replays inputs without libFuzzer: `fusec-fuzz-replay <file|dir>...`.
int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (!llvm::sys::fs::is_directory(arg)) {
      files.push_back(arg.str());
      continue;
    }
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(arg, ec), end; it != end && !ec;
         it.increment(ec))
      if (llvm::sys::fs::is_regular_file(it->path()))
        files.push_back(it->path());
    if (ec) {
      llvm::errs() << "fusec-fuzz-replay: cannot list '" << arg
                   << "': " << ec.message() << "\n";
      return 1;
    }
  }
  std::sort(files.begin(), files.end());
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      llvm::errs() << "fusec-fuzz-replay: cannot read '" << file
                   << "': " << buffer.getError().message() << "\n";
      return 1;
    }
    llvm::StringRef text = (*buffer)->getBuffer();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(text.data()),
                           text.size());
  }
  llvm::outs() << "fusec-fuzz-replay: ran " << files.size() << " inputs\n";
  return 0;
}
#endif
