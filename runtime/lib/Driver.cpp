//===- Driver.cpp - loading the CUDA driver -------------------------------===//
//
// Part of fusec. dlopen of libcuda.so.1 once per process, error messages
// for failed driver calls, and the primary context of each device.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

using namespace fusec::rt;
using namespace fusec::rt::cu;

namespace {
struct DriverState {
  Api api;
  Status status;
};
} // namespace

Status cu::callError(const Api &api, Result result, const char *call,
                     const std::string &context) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (!api.cuGetErrorName || api.cuGetErrorName(result, &name) != kSuccess)
    name = nullptr;
  if (!api.cuGetErrorString ||
      api.cuGetErrorString(result, &description) != kSuccess)
    description = nullptr;
  std::string message = std::string(call) + " failed: ";
  message += name ? name : "CUresult " + std::to_string(result);
  if (description)
    message += std::string(" (") + description + ")";
  if (!context.empty())
    message += "; " + context;
  return Status::error(message);
}

static void loadDriver(DriverState &state) {
  const char *override = std::getenv("FUSEC_CUDA_DRIVER");
  std::string library = override && *override ? override : "libcuda.so.1";
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    state.status =
        Status::error("CUDA driver not found: dlopen(" + library +
                          ") failed: " + (why ? why : "unknown error") +
                          "; fusec needs an NVIDIA driver to run kernels",
                      ErrorCode::Unavailable);
    return;
  }
  // The handle is never closed: the entry points must outlive every object
  // of the runtime, including static ones. A missing entry point means a
  // library that is not libcuda (FUSEC_CUDA_DRIVER names any file) or a
  // driver older than the entry points fusec needs.
#define FUSEC_CUDA_RESOLVE(name, symbol, params)                               \
  state.api.name = reinterpret_cast<name##_fn>(dlsym(handle, symbol));         \
  if (!state.api.name) {                                                       \
    state.status = Status::error(                                              \
        "not a usable CUDA driver: " + library +                               \
            " does not export " symbol                                         \
            " (it is not libcuda, or a driver too old for fusec)",             \
        ErrorCode::Unavailable);                                               \
    return;                                                                    \
  }
  FUSEC_CUDA_DRIVER_FUNCTIONS(FUSEC_CUDA_RESOLVE)
#undef FUSEC_CUDA_RESOLVE
  state.api.cuTensorMapEncodeTiled =
      reinterpret_cast<cuTensorMapEncodeTiled_fn>(
          dlsym(handle, "cuTensorMapEncodeTiled"));
  state.api.cuMemPoolCreate =
      reinterpret_cast<cuMemPoolCreate_fn>(dlsym(handle, "cuMemPoolCreate"));
  state.api.cuMemPoolSetAttribute = reinterpret_cast<cuMemPoolSetAttribute_fn>(
      dlsym(handle, "cuMemPoolSetAttribute"));
  state.api.cuMemAllocFromPoolAsync =
      reinterpret_cast<cuMemAllocFromPoolAsync_fn>(
          dlsym(handle, "cuMemAllocFromPoolAsync"));
  state.api.cuMemFreeAsync =
      reinterpret_cast<cuMemFreeAsync_fn>(dlsym(handle, "cuMemFreeAsync"));

  const Api &api = state.api;
  Result result = api.cuInit(0);
  if (result == kErrorNoDevice) {
    state.status = Status::error("no CUDA device found: " +
                                     callError(api, result, "cuInit").message(),
                                 ErrorCode::Unavailable);
    return;
  }
  if (result != kSuccess) {
    state.status = Status::error("CUDA driver failed to initialize: " +
                                     callError(api, result, "cuInit").message(),
                                 ErrorCode::Unavailable);
    return;
  }
  int count = 0;
  result = api.cuDeviceGetCount(&count);
  if (result != kSuccess) {
    state.status =
        Status::error(callError(api, result, "cuDeviceGetCount").message(),
                      ErrorCode::Unavailable);
    return;
  }
  if (count == 0)
    state.status =
        Status::error("no CUDA device found: the driver reports 0 devices",
                      ErrorCode::Unavailable);
}

Expected<const Api *> cu::driver() {
  // Never destroyed: objects destroyed at exit may still call the driver.
  static DriverState *state = new DriverState();
  static std::once_flag once;
  std::call_once(once, loadDriver, *state);
  if (!state->status.ok())
    return state->status;
  return &state->api;
}

Expected<const Api *> cu::makeCurrent(int device) {
  Expected<const Api *> loaded = driver();
  if (!loaded.ok())
    return loaded;
  const Api &api = **loaded;

  // Primary contexts retained so far, by ordinal. They are never released:
  // releasing the last reference would destroy the context under memory
  // and modules that other objects (or other libraries) still use.
  static std::mutex mutex;
  static std::vector<Context> &contexts = *new std::vector<Context>();
  Context context = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (device >= 0 && static_cast<size_t>(device) < contexts.size())
      context = contexts[device];
    if (!context) {
      int count = 0;
      Status status =
          check(api, api.cuDeviceGetCount(&count), "cuDeviceGetCount");
      if (!status.ok())
        return status;
      if (device < 0 || device >= count)
        return Status::error("CUDA device " + std::to_string(device) +
                             " does not exist (this machine has " +
                             std::to_string(count) + ")");
      Device handle = 0;
      std::string where = "device " + std::to_string(device);
      status =
          check(api, api.cuDeviceGet(&handle, device), "cuDeviceGet", where);
      if (!status.ok())
        return status;
      status = check(api, api.cuDevicePrimaryCtxRetain(&context, handle),
                     "cuDevicePrimaryCtxRetain", where);
      if (!status.ok())
        return status;
      if (contexts.size() <= static_cast<size_t>(device))
        contexts.resize(device + 1, nullptr);
      contexts[device] = context;
    }
  }
  // The current context is per thread, so this is needed on every call
  // that may run on a new thread; it is cheap.
  Status status = check(api, api.cuCtxSetCurrent(context), "cuCtxSetCurrent");
  if (!status.ok())
    return status;
  return &api;
}

Expected<MemPool> cu::temporaryPool(const Api &api, int device) {
  if (!api.cuMemPoolCreate || !api.cuMemPoolSetAttribute ||
      !api.cuMemAllocFromPoolAsync || !api.cuMemFreeAsync || device < 0)
    return MemPool(nullptr);
  // One pool per device ordinal, never destroyed (memory freed into it in
  // stream order may still be in flight at exit).
  static std::mutex mutex;
  static std::vector<MemPool> &pools = *new std::vector<MemPool>();
  std::lock_guard<std::mutex> lock(mutex);
  if (static_cast<size_t>(device) < pools.size() && pools[device])
    return pools[device];
  std::string where = "device " + std::to_string(device);
  Device handle = 0;
  int supported = 0;
  Status status =
      check(api, api.cuDeviceGet(&handle, device), "cuDeviceGet", where);
  if (status.ok())
    status = check(api,
                   api.cuDeviceGetAttribute(
                       &supported, kDeviceAttrMemoryPoolsSupported, handle),
                   "cuDeviceGetAttribute", where);
  if (!status.ok())
    return status;
  if (!supported)
    return MemPool(nullptr);
  MemPoolProps props;
  props.allocType = kMemAllocationTypePinned;
  props.locationType = kMemLocationTypeDevice;
  props.locationId = handle;
  MemPool pool = nullptr;
  status = check(api, api.cuMemPoolCreate(&pool, &props), "cuMemPoolCreate",
                 "creating the temporaries' memory pool on " + where);
  if (!status.ok())
    return status;
  // A pool returns its free memory to the driver at every synchronization
  // unless it holds less than this threshold: a call that synchronizes
  // between launches (as timing loops do) would otherwise map its
  // temporaries afresh each time.
  uint64_t keepAll = UINT64_MAX;
  status = check(
      api,
      api.cuMemPoolSetAttribute(pool, kMemPoolAttrReleaseThreshold, &keepAll),
      "cuMemPoolSetAttribute", where);
  if (!status.ok())
    return status;
  if (pools.size() <= static_cast<size_t>(device))
    pools.resize(device + 1, nullptr);
  pools[device] = pool;
  return pool;
}
