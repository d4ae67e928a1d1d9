//===- Device.h - CUDA driver, devices, memory, streams, events -*- C++ -*-===//
//
// Part of fusec. Thin, error-checked wrappers over the CUDA driver API,
// which the runtime loads at run time (dlopen of libcuda.so.1): nothing
// here needs CUDA at build time, and on a machine without a driver every
// call fails with a clear message instead of the program failing to start.
// Setting FUSEC_CUDA_DRIVER to a path loads that library instead (tests
// use it to simulate a machine without a driver).
//
// Every operation works in the primary context of its device, the context
// the CUDA runtime and libraries such as PyTorch or CuPy use too, so device
// pointers and streams can be exchanged with them. Device pointers are
// plain uint64_t values (CUdeviceptr) and streams are `void *` (CUstream;
// nullptr is the legacy default stream).
//
// Thread safety: all free functions may be called from any thread. A
// DeviceBuffer, Stream or Event may be used from any thread, but not by
// two threads at once without synchronization (like any C++ object);
// distinct objects need no synchronization.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_DEVICE_H
#define FUSEC_RUNTIME_DEVICE_H

#include "fusec/runtime/Status.h"

#include <cstdint>
#include <string>

FUSEC_RT_PUSH_EXPORTS
namespace fusec::rt {

/// Success when the CUDA driver loads, initializes and reports at least one
/// device; otherwise an error (code ErrorCode::Unavailable) that says which
/// of these failed, e.g. "CUDA driver not found: dlopen(libcuda.so.1)
/// failed: ...".
Status driverAvailable();

/// Number of CUDA devices.
Expected<int> deviceCount();

/// The device's name, e.g. "NVIDIA H200".
Expected<std::string> deviceName(int device = 0);

struct ComputeCapability {
  int major = 0;
  int minor = 0;
};
Expected<ComputeCapability> computeCapability(int device = 0);

struct MemoryInfo {
  uint64_t free = 0;
  uint64_t total = 0;
};
Expected<MemoryInfo> memoryInfo(int device = 0);

/// Waits for all work queued on `stream` (nullptr: the default stream).
Status synchronize(void *stream = nullptr, int device = 0);

/// Pays the driver's one-time costs of a first kernel load now: retains the
/// device's primary context and loads (then unloads) a minimal PTX module,
/// which brings the driver's PTX compiler into the process. A JIT calls it
/// when it is created, so that its first compile is not charged for them.
Status warmUpPTXLoading(int device = 0);

/// Raw device memory, for callers that manage lifetimes themselves (the C
/// API). allocateDevice(0) returns 0, and freeDevice(0) does nothing.
Expected<uint64_t> allocateDevice(uint64_t bytes, int device = 0);
Status freeDevice(uint64_t ptr, int device = 0);
/// Synchronous copies and fill.
Status copyHostToDevice(uint64_t dst, const void *src, uint64_t bytes,
                        int device = 0);
Status copyDeviceToHost(void *dst, uint64_t src, uint64_t bytes,
                        int device = 0);
Status memsetDevice(uint64_t dst, uint8_t byte, uint64_t bytes, int device = 0);

/// Owned device memory (cuMemAlloc: 256-byte aligned). Move-only; the
/// destructor frees and ignores errors, call free() to see them.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  static Expected<DeviceBuffer> allocate(uint64_t bytes, int device = 0);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  uint64_t ptr() const { return devicePtr; }
  uint64_t size() const { return byteSize; }
  int device() const { return ordinal; }

  /// Copy `bytes` from/to host memory, starting `offset` bytes into the
  /// buffer; the range must lie inside the buffer.
  Status copyFromHost(const void *src, uint64_t bytes, uint64_t offset = 0);
  Status copyToHost(void *dst, uint64_t bytes, uint64_t offset = 0) const;
  /// Fills the whole buffer with `byte`.
  Status memset(uint8_t byte);
  /// Frees now; the buffer becomes empty.
  Status free();

private:
  Status checkRange(uint64_t bytes, uint64_t offset) const;

  uint64_t devicePtr = 0;
  uint64_t byteSize = 0;
  int ordinal = 0;
};

/// An owned non-blocking stream (it does not synchronize with the legacy
/// default stream). Move-only.
class Stream {
public:
  Stream() = default;
  static Expected<Stream> create(int device = 0);
  ~Stream();
  Stream(Stream &&other) noexcept;
  Stream &operator=(Stream &&other) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  /// The CUstream, to pass to Program::launch.
  void *handle() const { return raw; }
  Status synchronize() const;

private:
  void reset();

  void *raw = nullptr;
  int ordinal = 0;
};

/// An owned event, for timing work on a stream. Move-only.
class Event {
public:
  Event() = default;
  static Expected<Event> create(int device = 0);
  ~Event();
  Event(Event &&other) noexcept;
  Event &operator=(Event &&other) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  Status record(void *stream = nullptr);
  Status synchronize() const;
  /// Milliseconds between `start` and `end`, both recorded and `end`
  /// completed (synchronize it first).
  static Expected<float> elapsedMs(const Event &start, const Event &end);

private:
  void reset();

  void *raw = nullptr;
  int ordinal = 0;
};

} // namespace fusec::rt
FUSEC_RT_POP_EXPORTS

#endif // FUSEC_RUNTIME_DEVICE_H
