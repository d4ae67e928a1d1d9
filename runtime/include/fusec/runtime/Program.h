//===- Program.h - a loaded kernel module and its launches ------*- C++ -*-===//
//
// Part of fusec. A Program is a PTX module loaded on one device together
// with its launch description (docs/abi.md): launch() checks a call's
// arguments, allocates the temporaries and runs the description's steps.
//
// Thread safety: a Program is immutable after create() and launch() is
// const: any number of threads may launch one Program concurrently, on the
// same or on different streams. Creating Programs from several threads at
// once is safe too.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_PROGRAM_H
#define FUSEC_RUNTIME_PROGRAM_H

#include "fusec/runtime/Binding.h"
#include "fusec/runtime/LaunchDesc.h"
#include "fusec/runtime/Status.h"

#include <memory>
#include <string>
#include <string_view>

FUSEC_RT_PUSH_EXPORTS
namespace fusec::rt {

/// What a launch did.
struct LaunchStats {
  /// Bytes allocated for temporary buffers during the call: the call's peak
  /// device memory above its arguments.
  uint64_t tempBytes = 0;
  unsigned kernels = 0;
  unsigned memsets = 0;
  /// The call waited for its steps to finish: it had temporaries and no
  /// stream-ordered pool to take them from. Such a call cannot be captured
  /// into a CUDA graph.
  bool synchronized = false;
};

class Program {
public:
  /// Parses `launchJSON`, then loads `ptx` on `device` (its primary
  /// context) and resolves every entry the steps launch. JIT errors carry
  /// the JIT's log.
  static Expected<std::unique_ptr<Program>>
  create(std::string_view ptx, std::string_view launchJSON, int device = 0);
  /// Same, from a description in memory (verified here).
  static Expected<std::unique_ptr<Program>>
  create(std::string_view ptx, LaunchDesc desc, int device = 0);

  ~Program();
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;

  const LaunchDesc &desc() const;
  int device() const;
  /// The JIT's informational log (may be empty).
  const std::string &jitLog() const;

  /// Runs the description's steps on `stream` (a CUstream of this device's
  /// primary context; nullptr is the default stream). Nothing is launched
  /// unless every argument checks out (see bindArguments). Launches are
  /// asynchronous, except that a call with temporary buffers synchronizes
  /// `stream` before freeing them and returning.
  Expected<LaunchStats> launch(const ArgValue *args, size_t numArgs,
                               void *stream = nullptr) const;
  Expected<LaunchStats> launch(const std::vector<ArgValue> &args,
                               void *stream = nullptr) const {
    return launch(args.data(), args.size(), stream);
  }

private:
  struct Impl;
  explicit Program(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl;
};

} // namespace fusec::rt
FUSEC_RT_POP_EXPORTS

#endif // FUSEC_RUNTIME_PROGRAM_H
