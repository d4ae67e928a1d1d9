//===- JIT.cpp - the embeddable fusec JIT ---------------------------------===//
//
// Part of fusec.
//
// The cache has two keys. A hit on text the JIT has seen is one hash of the
// text and one map lookup (microseconds). Text it has not seen is parsed
// and printed back in canonical (generic) form; that form, the architecture
// and the options make the canonical key, which finds programs compiled from
// equivalent text, then PTX on disk, before compiling.
//
//===----------------------------------------------------------------------===//

#include "fusec/JIT/JIT.h"
#include "fusec/JIT/fusec_jit.h"

#include "fusec/Compiler/Compiler.h"
#include "fusec/InitFusec.h"
#include "fusec/runtime/Device.h"
#include "fusec/runtime/LaunchDesc.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include <dlfcn.h>
#include <sys/stat.h>

using namespace mlir;
using fusec::rt::Expected;
using fusec::rt::Status;

namespace {

std::string defaultCacheDirectory() {
  if (const char *dir = std::getenv("FUSEC_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return (llvm::Twine(xdg) + "/fusec").str();
  if (const char *home = std::getenv("HOME"); home && *home)
    return (llvm::Twine(home) + "/.cache/fusec").str();
  return "";
}

/// "file:line:col: error: message", as the CLI prints diagnostics.
void formatDiagnostic(llvm::raw_ostream &os, Diagnostic &diag) {
  if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
    os << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
       << loc.getColumn() << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  default:
    os << "note: ";
    break;
  }
  os << diag << "\n";
}

/// What identifies the compiler build in cache keys: the version, and the
/// size and modification time of the file the JIT's code was loaded from
/// (the shared library or the executable), so that a rebuilt compiler
/// never reuses PTX its predecessor wrote to the disk cache.
std::string compilerIdentity() {
  static const std::string identity = [] {
    std::string id = fusec::getVersionString();
    Dl_info info;
    struct stat status;
    if (dladdr(reinterpret_cast<void *>(&compilerIdentity), &info) &&
        info.dli_fname && stat(info.dli_fname, &status) == 0)
      id += ";" + std::to_string(static_cast<long long>(status.st_size)) +
            ";" + std::to_string(static_cast<long long>(status.st_mtime));
    return id;
  }();
  return identity;
}

std::string optionsKey(const fusec::CompileOptions &o, StringRef arch) {
  return (llvm::Twine("v1;") + arch + ";" + llvm::Twine(o.fuseIndexReductions) +
          ";" + llvm::Twine(o.tileM) + ";" + llvm::Twine(o.tileN) + ";" +
          llvm::Twine(o.tileK) + ";" + llvm::Twine(o.split) + ";" +
          llvm::Twine(o.expectedRows) + ";" + llvm::Twine(o.minBlocks) + ";" +
          llvm::Twine(o.stages) + ";" + llvm::Twine(o.threadM) + ";" +
          llvm::Twine(o.threadN) + ";" + o.device + ";" +
          llvm::Twine(o.allowReassociation) + ";" + o.precision + ";" +
          llvm::Twine(o.cluster) + ";" + llvm::Twine(o.persistent) + ";" +
          llvm::Twine(o.clusterSplit) + ";" + llvm::Twine(o.compensatedSums) +
          ";" + compilerIdentity())
      .str();
}

} // namespace

struct fusec::JIT::Impl {
  JITOptions options;
  std::string arch;
  std::string cacheDir;
  std::string keySuffix;

  /// Guards the MLIR context and compilations; they run one at a time.
  std::mutex compileMutex;
  MLIRContext context;

  /// Guards the maps below (readers take it shared).
  mutable std::shared_mutex mapMutex;
  /// xxh3 of the raw text -> canonical key.
  std::unordered_map<uint64_t, std::string> textKeys;
  /// Canonical key -> PTX and loaded program.
  std::unordered_map<std::string, std::string> ptxByKey;
  std::unordered_map<std::string, std::unique_ptr<rt::Program>> programs;
  std::atomic<uint64_t> memoryHits{0}, diskHits{0}, compiles{0};

  explicit Impl(JITOptions opts) : options(std::move(opts)) {
    DialectRegistry registry;
    fusec::registerAllFusecDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // Compilation is serialized; the context's own threads only compete.
    context.disableMultithreading();
  }

  uint64_t textHash(std::string_view text) const {
    return llvm::xxh3_64bits(
        llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()),
                                text.size()));
  }

  Expected<std::string> canonicalKey(ModuleOp module) {
    std::string generic;
    llvm::raw_string_ostream os(generic);
    module->print(os, OpPrintingFlags().printGenericOpForm().elideLargeElementsAttrs(
                          std::numeric_limits<int64_t>::max()));
    std::array<uint8_t, 32> digest =
        llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
            reinterpret_cast<const uint8_t *>(generic.data()), generic.size()));
    return llvm::toHex(digest, /*LowerCase=*/true) + "-" +
           llvm::toHex(llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
                           reinterpret_cast<const uint8_t *>(keySuffix.data()),
                           keySuffix.size())),
                       true)
               .substr(0, 16);
  }

  std::string diskPath(const std::string &key) const {
    if (!options.diskCache || cacheDir.empty())
      return "";
    return cacheDir + "/" + key + ".ptx";
  }

  std::optional<std::string> readDisk(const std::string &key) {
    std::string path = diskPath(key);
    if (path.empty())
      return std::nullopt;
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return std::nullopt;
    std::string ptx = (*buffer)->getBuffer().str();
    if (!rt::extractLaunchDesc(ptx))
      return std::nullopt;
    return ptx;
  }

  void writeDisk(const std::string &key, const std::string &ptx) {
    std::string path = diskPath(key);
    if (path.empty())
      return;
    if (llvm::sys::fs::create_directories(cacheDir))
      return; // The cache is an optimization: no directory, no disk cache.
    // Write to a unique temporary, then rename: readers never see a torn
    // file, and concurrent writers of one key write the same bytes.
    llvm::SmallString<128> tmp;
    int fd;
    if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd, tmp))
      return;
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << ptx;
      if (os.has_error()) {
        os.clear_error();
        llvm::sys::fs::remove(tmp);
        return;
      }
    }
    if (llvm::sys::fs::rename(tmp, path))
      llvm::sys::fs::remove(tmp);
  }

  /// PTX for a parsed module (compiles on a miss). Caller holds
  /// compileMutex.
  Expected<std::pair<std::string, std::string>> ptxFor(ModuleOp module) {
    Expected<std::string> key = canonicalKey(module);
    if (!key.ok())
      return key.status();
    {
      std::shared_lock<std::shared_mutex> lock(mapMutex);
      auto it = ptxByKey.find(*key);
      if (it != ptxByKey.end()) {
        ++memoryHits;
        return std::make_pair(*key, it->second);
      }
    }
    if (std::optional<std::string> ptx = readDisk(*key)) {
      ++diskHits;
      std::unique_lock<std::shared_mutex> lock(mapMutex);
      ptxByKey[*key] = *ptx;
      return std::make_pair(*key, *ptx);
    }
    std::string diagnostics;
    FailureOr<CompileResult> result;
    {
      ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
        llvm::raw_string_ostream os(diagnostics);
        formatDiagnostic(os, diag);
        return success();
      });
      CompileOptions compile = options.compile;
      compile.arch = arch;
      compile.emit = EmitLevel::PTX;
      result = compileModule(module, compile);
    }
    if (failed(result))
      return Status::error("fusec JIT: compilation failed:\n" + diagnostics);
    ++compiles;
    writeDisk(*key, result->text);
    std::unique_lock<std::shared_mutex> lock(mapMutex);
    ptxByKey[*key] = result->text;
    return std::make_pair(*key, result->text);
  }

  Expected<std::pair<std::string, std::string>> ptxForText(std::string_view text) {
    uint64_t hash = textHash(text);
    {
      std::shared_lock<std::shared_mutex> lock(mapMutex);
      auto it = textKeys.find(hash);
      if (it != textKeys.end()) {
        auto ptx = ptxByKey.find(it->second);
        if (ptx != ptxByKey.end()) {
          ++memoryHits;
          return std::make_pair(it->second, ptx->second);
        }
      }
    }
    std::lock_guard<std::mutex> guard(compileMutex);
    std::string diagnostics;
    OwningOpRef<ModuleOp> module;
    {
      ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
        llvm::raw_string_ostream os(diagnostics);
        formatDiagnostic(os, diag);
        return success();
      });
      module = parseSourceString<ModuleOp>(
          llvm::StringRef(text.data(), text.size()),
          ParserConfig(&context), "fusec-jit-input");
    }
    if (!module)
      return Status::error("fusec JIT: cannot parse the program:\n" +
                           diagnostics);
    auto result = ptxFor(*module);
    if (result.ok()) {
      std::unique_lock<std::shared_mutex> lock(mapMutex);
      textKeys[hash] = result->first;
    }
    return result;
  }

  Expected<const rt::Program *> programFor(const std::string &key,
                                           const std::string &ptx) {
    {
      std::shared_lock<std::shared_mutex> lock(mapMutex);
      auto it = programs.find(key);
      if (it != programs.end())
        return static_cast<const rt::Program *>(it->second.get());
    }
    Expected<std::unique_ptr<rt::Program>> program =
        rt::Program::create(ptx, "", options.device);
    if (!program.ok())
      return program.status();
    std::unique_lock<std::shared_mutex> lock(mapMutex);
    auto [it, inserted] = programs.try_emplace(key, program.take());
    return static_cast<const rt::Program *>(it->second.get());
  }
};

fusec::JIT::JIT(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
fusec::JIT::~JIT() = default;

Expected<std::unique_ptr<fusec::JIT>> fusec::JIT::create(JITOptions options) {
  std::string arch = options.arch;
  if (!options.compileOnly) {
    Status driver = rt::driverAvailable();
    if (!driver.ok())
      return driver.withPrefix("fusec JIT: ");
    if (arch.empty()) {
      Expected<rt::ComputeCapability> cc =
          rt::computeCapability(options.device);
      if (!cc.ok())
        return cc.status().withPrefix("fusec JIT: ");
      arch = "sm_" + std::to_string(cc->major) + std::to_string(cc->minor);
      // The JIT compiles for this device only, so on compute capability 9.0
      // it may use the architecture-specific features (sm_90a): Hopper's
      // warpgroup MMAs for the tensor-core schedules.
      if (cc->major == 9 && cc->minor == 0)
        arch += "a";
    }
    // The primary context and the driver's PTX compiler are set up once per
    // process; doing it here keeps it out of the first compile's latency.
    Status warm = rt::warmUpPTXLoading(options.device);
    if (!warm.ok())
      return warm.withPrefix("fusec JIT: ");
  }
  if (arch.empty())
    arch = "sm_90";
  auto impl = std::make_unique<Impl>(options);
  impl->arch = arch;
  impl->cacheDir =
      options.cacheDir.empty() ? defaultCacheDirectory() : options.cacheDir;
  impl->keySuffix = optionsKey(options.compile, arch);
  return std::unique_ptr<JIT>(new JIT(std::move(impl)));
}

Expected<const fusec::rt::Program *> fusec::JIT::load(std::string_view text) {
  if (impl->options.compileOnly)
    return Status::error("fusec JIT: created compile-only; it cannot load "
                         "programs");
  // The hit path: one hash of the text and two lookups, no copies.
  uint64_t hash = impl->textHash(text);
  {
    std::shared_lock<std::shared_mutex> lock(impl->mapMutex);
    auto key = impl->textKeys.find(hash);
    if (key != impl->textKeys.end()) {
      auto program = impl->programs.find(key->second);
      if (program != impl->programs.end()) {
        ++impl->memoryHits;
        return static_cast<const rt::Program *>(program->second.get());
      }
    }
  }
  auto ptx = impl->ptxForText(text);
  if (!ptx.ok())
    return ptx.status();
  return impl->programFor(ptx->first, ptx->second);
}

Expected<const fusec::rt::Program *> fusec::JIT::load(ModuleOp module) {
  if (impl->options.compileOnly)
    return Status::error("fusec JIT: created compile-only; it cannot load "
                         "programs");
  // Round-trip through text: the JIT's own context owns what it compiles,
  // and the canonical key is the same as for the text form.
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  return load(text);
}

Expected<std::string> fusec::JIT::compileToPTX(std::string_view text) {
  auto ptx = impl->ptxForText(text);
  if (!ptx.ok())
    return ptx.status();
  return ptx->second;
}

fusec::JITStats fusec::JIT::stats() const {
  return {impl->memoryHits.load(), impl->diskHits.load(),
          impl->compiles.load()};
}
const std::string &fusec::JIT::arch() const { return impl->arch; }
const std::string &fusec::JIT::cacheDirectory() const {
  return impl->cacheDir;
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

struct fusec_jit {
  std::unique_ptr<fusec::JIT> jit;
  int device = 0;
  bool compileOnly = false;
  std::shared_mutex handlesMutex;
  /// Handles by the xxh3 of the MLIR text (the C API's hit path).
  std::unordered_map<uint64_t, fusec_rt_program *> handles;
  ~fusec_jit() {
    for (auto &entry : handles)
      fusec_rt_program_destroy(entry.second);
  }
};

static int setError(char **error, const std::string &message) {
  if (error) {
    *error = static_cast<char *>(std::malloc(message.size() + 1));
    if (*error)
      std::memcpy(*error, message.c_str(), message.size() + 1);
  }
  return 1;
}

extern "C" int fusec_jit_create(const char *arch, int device, int compile_only,
                                fusec_jit **out, char **error) {
  if (!out)
    return setError(error, "fusec_jit_create: out is NULL");
  *out = nullptr;
  fusec::JITOptions options;
  options.arch = arch ? arch : "";
  options.device = device;
  options.compileOnly = compile_only != 0;
  auto jit = fusec::JIT::create(options);
  if (!jit.ok()) {
    // The runtime's code: FUSEC_RT_UNAVAILABLE without a driver or device,
    // so that a caller can tell "no GPU here" from a real error.
    (void)setError(error, jit.message());
    return static_cast<int>(jit.status().code());
  }
  auto *handle = new fusec_jit();
  handle->jit = jit.take();
  handle->device = device;
  handle->compileOnly = options.compileOnly;
  *out = handle;
  return 0;
}

extern "C" void fusec_jit_destroy(fusec_jit *jit) { delete jit; }

extern "C" int fusec_jit_compile_to_ptx(fusec_jit *jit, const char *mlir,
                                        char **ptx, char **error) {
  if (!jit || !mlir || !ptx)
    return setError(error, "fusec_jit_compile_to_ptx: NULL argument");
  auto result = jit->jit->compileToPTX(mlir);
  if (!result.ok())
    return setError(error, result.message());
  return setError(ptx, *result) - 1;
}

extern "C" int fusec_jit_load(fusec_jit *jit, const char *mlir,
                              fusec_rt_program **out, char **error) {
  if (!jit || !mlir || !out)
    return setError(error, "fusec_jit_load: NULL argument");
  *out = nullptr;
  // JIT::load refuses too, but this path compiles and creates the program
  // without it (a compile-only JIT has not checked for a driver).
  if (jit->compileOnly)
    return setError(error, "fusec_jit_load: the JIT was created "
                           "compile-only; it cannot load programs");
  size_t length = std::strlen(mlir);
  uint64_t hash = llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(mlir), length));
  {
    std::shared_lock<std::shared_mutex> lock(jit->handlesMutex);
    auto it = jit->handles.find(hash);
    if (it != jit->handles.end()) {
      *out = it->second;
      return 0;
    }
  }
  auto ptx = jit->jit->compileToPTX(std::string_view(mlir, length));
  if (!ptx.ok())
    return setError(error, ptx.message());
  fusec_rt_program *program = nullptr;
  int rc = fusec_rt_program_create(ptx->c_str(), nullptr, jit->device,
                                   &program, error);
  if (rc)
    return rc;
  std::unique_lock<std::shared_mutex> lock(jit->handlesMutex);
  auto [it, inserted] = jit->handles.try_emplace(hash, program);
  if (!inserted)
    fusec_rt_program_destroy(program); // Another thread loaded it first.
  *out = it->second;
  return 0;
}

extern "C" void fusec_jit_stats(fusec_jit *jit,
                                unsigned long long *memory_hits,
                                unsigned long long *disk_hits,
                                unsigned long long *compiles) {
  fusec::JITStats stats = jit ? jit->jit->stats() : fusec::JITStats();
  if (memory_hits)
    *memory_hits = stats.memoryHits;
  if (disk_hits)
    *disk_hits = stats.diskHits;
  if (compiles)
    *compiles = stats.compiles;
}
