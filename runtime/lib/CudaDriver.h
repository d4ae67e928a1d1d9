//===- CudaDriver.h - the CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// Part of fusec. Private to the runtime. The runtime never links libcuda
// (a machine without a driver could not even start a program linked to
// it): it dlopens libcuda.so.1 and resolves the entry points below.
//
// The types and constants are declared here rather than taken from cuda.h
// so that the runtime builds on machines without the CUDA toolkit. They
// are ABI facts of the driver; test/CudaHeaderCheck.cpp checks each one
// against cuda.h whenever a toolkit is found at build time.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_LIB_CUDADRIVER_H
#define FUSEC_RUNTIME_LIB_CUDADRIVER_H

#include "fusec/runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>

// The driver's opaque handle types, under the driver's own names so that
// they are the very types of cuda.h when both are included.
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUmemPoolHandle_st;

namespace fusec::rt::cu {

using Result = int; // CUresult
using Device = int; // CUdevice
using Context = CUctx_st *;
using Module = CUmod_st *;
using Function = CUfunc_st *;
using Stream = CUstream_st *;
using Event = CUevent_st *;
using MemPool = CUmemPoolHandle_st *;
using DevicePtr = unsigned long long; // CUdeviceptr (64-bit hosts only)
using JitOption = int;                // CUjit_option

// CUresult values the runtime treats specially.
inline constexpr Result kSuccess = 0;         // CUDA_SUCCESS
inline constexpr Result kErrorNoDevice = 100; // CUDA_ERROR_NO_DEVICE

// CUjit_option values.
inline constexpr JitOption kJitInfoLogBuffer = 3;
inline constexpr JitOption kJitInfoLogBufferSizeBytes = 4;
inline constexpr JitOption kJitErrorLogBuffer = 5;
inline constexpr JitOption kJitErrorLogBufferSizeBytes = 6;

// CUdevice_attribute values.
inline constexpr int kDeviceAttrComputeCapabilityMajor = 75;
inline constexpr int kDeviceAttrComputeCapabilityMinor = 76;
inline constexpr int kDeviceAttrMaxSharedMemoryPerBlockOptin = 97;
inline constexpr int kDeviceAttrMemoryPoolsSupported = 115;

// Stream-ordered memory pools (CUmemPool_attribute, CUmemAllocationType,
// CUmemLocationType values).
inline constexpr int kMemPoolAttrReleaseThreshold = 4;
inline constexpr int kMemAllocationTypePinned = 1;
inline constexpr int kMemLocationTypeDevice = 1;

// CUfunction_attribute values.
inline constexpr int kFuncAttrMaxDynamicSharedSizeBytes = 8;

// Flags.
inline constexpr unsigned kEventDefault = 0;      // CU_EVENT_DEFAULT
inline constexpr unsigned kStreamNonBlocking = 1; // CU_STREAM_NON_BLOCKING

/// Dynamic shared memory a kernel may use without opting in.
inline constexpr unsigned kDefaultMaxDynamicShared = 48 * 1024;

/// X(name, symbol, parameter list): every driver function the runtime
/// calls. `name` is cuda.h's name (a macro there for versioned entry
/// points), `symbol` the exported symbol with the ABI version we mean.
#define FUSEC_CUDA_DRIVER_FUNCTIONS(X)                                         \
  X(cuGetErrorName, "cuGetErrorName", (Result, const char **))                 \
  X(cuGetErrorString, "cuGetErrorString", (Result, const char **))             \
  X(cuInit, "cuInit", (unsigned int))                                          \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *))                             \
  X(cuDeviceGet, "cuDeviceGet", (Device *, int))                               \
  X(cuDeviceGetName, "cuDeviceGetName", (char *, int, Device))                 \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", (int *, int, Device))        \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", (Context *, Device)) \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (Context))                             \
  X(cuMemGetInfo, "cuMemGetInfo_v2", (size_t *, size_t *))                     \
  X(cuMemAlloc, "cuMemAlloc_v2", (DevicePtr *, size_t))                        \
  X(cuMemFree, "cuMemFree_v2", (DevicePtr))                                    \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2", (DevicePtr, const void *, size_t))        \
  X(cuMemcpyDtoH, "cuMemcpyDtoH_v2", (void *, DevicePtr, size_t))              \
  X(cuMemsetD8, "cuMemsetD8_v2", (DevicePtr, unsigned char, size_t))           \
  X(cuMemsetD8Async, "cuMemsetD8Async",                                        \
    (DevicePtr, unsigned char, size_t, Stream))                                \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    (Module *, const void *, unsigned int, JitOption *, void **))              \
  X(cuModuleUnload, "cuModuleUnload", (Module))                                \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (Function *, Module, const char *))                                        \
  X(cuFuncSetAttribute, "cuFuncSetAttribute", (Function, int, int))            \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (Function, unsigned int, unsigned int, unsigned int, unsigned int,         \
     unsigned int, unsigned int, unsigned int, Stream, void **, void **))      \
  X(cuStreamCreate, "cuStreamCreate", (Stream *, unsigned int))                \
  X(cuStreamDestroy, "cuStreamDestroy_v2", (Stream))                           \
  X(cuStreamSynchronize, "cuStreamSynchronize", (Stream))                      \
  X(cuEventCreate, "cuEventCreate", (Event *, unsigned int))                   \
  X(cuEventRecord, "cuEventRecord", (Event, Stream))                           \
  X(cuEventSynchronize, "cuEventSynchronize", (Event))                         \
  X(cuEventElapsedTime, "cuEventElapsedTime", (float *, Event, Event))         \
  X(cuEventDestroy, "cuEventDestroy_v2", (Event))

// One function pointer type per entry point, e.g. cuMemAlloc_fn.
#define FUSEC_CUDA_DECLARE_TYPE(name, symbol, params)                          \
  using name##_fn = Result(*) params;
FUSEC_CUDA_DRIVER_FUNCTIONS(FUSEC_CUDA_DECLARE_TYPE)
#undef FUSEC_CUDA_DECLARE_TYPE

/// The resolved entry points. Immutable once loaded, so shared freely.
/// CUtensorMap: 128 opaque bytes, 128-byte aligned in cuda.h (the kernel
/// parameter itself needs 64).
struct alignas(128) TensorMap {
  uint64_t opaque[16];
};

// Tensor map encodings (CUtensorMapDataType, CUtensorMapSwizzle, ...).
inline constexpr int kTensorMapFloat16 = 6;  // ..._DATA_TYPE_FLOAT16
inline constexpr int kTensorMapFloat32 = 7;  // ..._DATA_TYPE_FLOAT32
inline constexpr int kTensorMapBFloat16 = 9; // ..._DATA_TYPE_BFLOAT16
inline constexpr int kTensorMapInterleaveNone = 0;
inline constexpr int kTensorMapSwizzle128B = 3;
inline constexpr int kTensorMapL2Promotion256B = 3;
inline constexpr int kTensorMapOOBFillZero = 0; // ..._FLOAT_OOB_FILL_NONE

using cuTensorMapEncodeTiled_fn = Result (*)(TensorMap *, int, uint32_t, void *,
                                             const uint64_t *, const uint64_t *,
                                             const uint32_t *, const uint32_t *,
                                             int, int, int, int);

/// CUmemPoolProps, laid out as in every CUDA version that has it: the
/// fields the runtime sets, then bytes that must be zero (later versions
/// name some of them maxSize and usage; zero means their defaults).
struct MemPoolProps {
  int allocType = 0;
  int handleTypes = 0;
  int locationType = 0;
  int locationId = 0;
  void *win32SecurityAttributes = nullptr;
  unsigned char reserved[64] = {};
};

/// Entry points of stream-ordered allocation (CUDA 11.2 drivers).
using cuMemPoolCreate_fn = Result (*)(MemPool *, const MemPoolProps *);
using cuMemPoolSetAttribute_fn = Result (*)(MemPool, int, void *);
using cuMemAllocFromPoolAsync_fn = Result (*)(DevicePtr *, size_t, MemPool,
                                              Stream);
using cuMemFreeAsync_fn = Result (*)(DevicePtr, Stream);

struct Api {
#define FUSEC_CUDA_DECLARE_FIELD(name, symbol, params) name##_fn name = nullptr;
  FUSEC_CUDA_DRIVER_FUNCTIONS(FUSEC_CUDA_DECLARE_FIELD)
#undef FUSEC_CUDA_DECLARE_FIELD
  /// Optional (CUDA 12 drivers): only kernels with tensor-map parameters
  /// need it, and a launch of one reports its absence.
  cuTensorMapEncodeTiled_fn cuTensorMapEncodeTiled = nullptr;
  /// Optional: without them (or without pool support on the device), a
  /// call's temporaries are allocated and freed synchronously.
  cuMemPoolCreate_fn cuMemPoolCreate = nullptr;
  cuMemPoolSetAttribute_fn cuMemPoolSetAttribute = nullptr;
  cuMemAllocFromPoolAsync_fn cuMemAllocFromPoolAsync = nullptr;
  cuMemFreeAsync_fn cuMemFreeAsync = nullptr;
};

/// Loads and initializes the driver on first use (thread-safe, once per
/// process). Fails with ErrorCode::Unavailable when there is no driver or
/// no device; the failure is remembered, so every later call returns the
/// same message cheaply.
Expected<const Api *> driver();

/// The error for a failed call: "<call> failed: <NAME> (<description>)",
/// followed by "; <context>" when `context` is not empty.
Status callError(const Api &api, Result result, const char *call,
                 const std::string &context = std::string());

/// Checks a call's result: success, or callError.
inline Status check(const Api &api, Result result, const char *call,
                    const std::string &context = std::string()) {
  return result == kSuccess ? Status::success()
                            : callError(api, result, call, context);
}

/// Makes the primary context of `device` current on the calling thread,
/// retaining it the first time (it is kept until the process exits, and
/// shared with the CUDA runtime and libraries such as PyTorch).
Expected<const Api *> makeCurrent(int device);

/// The pool that the runtime takes a call's temporaries from on `device`,
/// in stream order, so that a call neither synchronizes nor leaves a CUDA
/// graph capture. Created on first use and kept, like the primary
/// contexts; it keeps what it has reserved (the largest set of temporaries
/// in flight at once) rather than return it to the driver at every
/// synchronization. nullptr when the driver or the device has no memory
/// pools. Call with `device`'s context current.
Expected<MemPool> temporaryPool(const Api &api, int device);

} // namespace fusec::rt::cu

#endif // FUSEC_RUNTIME_LIB_CUDADRIVER_H
