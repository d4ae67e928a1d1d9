//===- Status.h - fusec runtime error handling ------------------*- C++ -*-===//
//
// Part of fusec. The runtime is built without exceptions (like LLVM) and
// never asserts or aborts on bad input: every fallible function returns a
// Status or an Expected<T> carrying a human-readable message.
//
// This header is dependency-free on purpose: the compiler includes it (via
// LaunchDesc.h) next to LLVM headers, and the runtime builds without LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_STATUS_H
#define FUSEC_RUNTIME_STATUS_H

#include <optional>
#include <string>
#include <utility>

// The runtime is compiled with hidden visibility; its C++ API is exported
// from libfusec_runtime.so so that host programs (and libfusec_jit.so) share
// one driver state instead of linking private copies.
#if defined(__GNUC__)
#define FUSEC_RT_PUSH_EXPORTS _Pragma("GCC visibility push(default)")
#define FUSEC_RT_POP_EXPORTS _Pragma("GCC visibility pop")
#else
#define FUSEC_RT_PUSH_EXPORTS
#define FUSEC_RT_POP_EXPORTS
#endif

FUSEC_RT_PUSH_EXPORTS
namespace fusec::rt {

/// Broad class of a failure, so that callers (the C API, Python) can tell
/// "this machine cannot run kernels" from "this call was wrong".
enum class ErrorCode {
  Success = 0,
  /// Any other failure: bad description, bad arguments, a CUDA call failed.
  Failure = 1,
  /// No usable CUDA driver or no CUDA device on this machine.
  Unavailable = 2,
};

/// The outcome of an operation without a result: success, or a message.
/// Deliberately not convertible to bool, because "true means error" (LLVM)
/// and "true means ok" (most other code) are both plausible readings.
class [[nodiscard]] Status {
public:
  /// Success.
  Status() = default;

  static Status success() { return Status(); }
  static Status error(std::string message,
                      ErrorCode code = ErrorCode::Failure) {
    return Status(code == ErrorCode::Success ? ErrorCode::Failure : code,
                  std::move(message));
  }

  bool ok() const { return errorCode == ErrorCode::Success; }
  ErrorCode code() const { return errorCode; }
  /// The message; empty on success.
  const std::string &message() const { return text; }

  /// Returns this status with `prefix` prepended to the message (a no-op on
  /// success); used to add context such as "steps[1]: ".
  Status withPrefix(const std::string &prefix) const {
    return ok() ? *this : Status(errorCode, prefix + text);
  }

private:
  Status(ErrorCode code, std::string message)
      : errorCode(code), text(std::move(message)) {}

  ErrorCode errorCode = ErrorCode::Success;
  std::string text;
};

/// A value of type T, or the Status explaining why there is none.
/// Accessing the value of an errored Expected is undefined behaviour: test
/// ok() first (there are no asserts in the runtime to catch it).
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : storage(std::move(value)) {}
  /// An error; `status` must not be a success.
  Expected(Status status)
      : failure(status.ok() ? Status::error("unknown error")
                            : std::move(status)) {}

  bool ok() const { return storage.has_value(); }
  const Status &status() const { return failure; }
  const std::string &message() const { return failure.message(); }

  T &operator*() & { return *storage; }
  const T &operator*() const & { return *storage; }
  T &&operator*() && { return std::move(*storage); }
  T *operator->() { return &*storage; }
  const T *operator->() const { return &*storage; }

  /// Moves the value out (precondition: ok()).
  T take() { return std::move(*storage); }

private:
  std::optional<T> storage;
  Status failure;
};

} // namespace fusec::rt
FUSEC_RT_POP_EXPORTS

#endif // FUSEC_RUNTIME_STATUS_H
