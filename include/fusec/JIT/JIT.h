//===- JIT.h - the embeddable fusec JIT -------------------------*- C++ -*-===//
//
// Part of fusec. MLIR text (or a module built in memory) goes in; a loaded
// kernel program comes out, ready to launch with device pointers and
// shapes (fusec::rt::Program). Compiled programs are cached by a hash of the
// canonical IR, the architecture and the options: in memory, and on disk
// under $FUSEC_CACHE_DIR (else $XDG_CACHE_HOME/fusec, else ~/.cache/fusec).
// A JIT is safe to use from many threads.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_JIT_JIT_H
#define FUSEC_JIT_JIT_H

#include "fusec/Compiler/CompileOptions.h"
#include "fusec/runtime/Program.h"

#include <memory>
#include <string>
#include <string_view>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace fusec {

struct JITOptions {
  /// The GPU architecture; empty means the device's (sm_XY; sm_90a on
  /// compute capability 9.0, whose wgmma the tensor-core schedules use).
  std::string arch;
  int device = 0;
  /// Options of the compile itself (arch is taken from above).
  CompileOptions compile;
  /// Whether compiled PTX is also kept on disk.
  bool diskCache = true;
  /// Overrides the cache directory.
  std::string cacheDir;
  /// Compile only (no driver needed): programs are not loaded.
  bool compileOnly = false;
};

struct JITStats {
  uint64_t memoryHits = 0, diskHits = 0, compiles = 0;
};

class JIT {
public:
  /// Creates a JIT. Without compileOnly it needs a CUDA driver and device
  /// and reports a clear error otherwise.
  static rt::Expected<std::unique_ptr<JIT>> create(JITOptions options = {});
  ~JIT();

  /// Compiles (or finds in the cache) the single function of `mlirText` and
  /// returns its loaded program. The returned program lives as long as the
  /// JIT.
  rt::Expected<const rt::Program *> load(std::string_view mlirText);
  /// Same for a module built in memory (its context may be any).
  rt::Expected<const rt::Program *> load(mlir::ModuleOp module);

  /// The PTX (launch description embedded) for `mlirText`, from the cache
  /// or compiled; works without a GPU.
  rt::Expected<std::string> compileToPTX(std::string_view mlirText);

  JITStats stats() const;
  const std::string &arch() const;
  const std::string &cacheDirectory() const;

private:
  struct Impl;
  explicit JIT(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace fusec

#endif // FUSEC_JIT_JIT_H
