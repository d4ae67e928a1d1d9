//===- CudaHeaderCheck.cpp - CudaDriver.h against cuda.h ------------------===//
//
// Part of fusec. Compiled (never run) when the build finds cuda.h: every
// constant and function type the runtime declares for itself must match
// the toolkit's, or this file fails to compile.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include "CudaDriver.h"

#include <cstddef>
#include <type_traits>

using namespace fusec::rt;

static_assert(sizeof(cu::DevicePtr) == sizeof(CUdeviceptr), "CUdeviceptr");
static_assert(sizeof(cu::Result) == sizeof(CUresult), "CUresult");
static_assert(sizeof(cu::Device) == sizeof(CUdevice), "CUdevice");
static_assert(sizeof(cu::JitOption) == sizeof(CUjit_option), "CUjit_option");
static_assert(std::is_same_v<cu::Context, CUcontext> &&
                  std::is_same_v<cu::Module, CUmodule> &&
                  std::is_same_v<cu::Function, CUfunction> &&
                  std::is_same_v<cu::Stream, CUstream> &&
                  std::is_same_v<cu::Event, CUevent>,
              "handle types");

static_assert(cu::kSuccess == CUDA_SUCCESS, "");
static_assert(cu::kErrorNoDevice == CUDA_ERROR_NO_DEVICE, "");
static_assert(cu::kJitInfoLogBuffer == CU_JIT_INFO_LOG_BUFFER, "");
static_assert(cu::kJitInfoLogBufferSizeBytes ==
                  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
              "");
static_assert(cu::kJitErrorLogBuffer == CU_JIT_ERROR_LOG_BUFFER, "");
static_assert(cu::kJitErrorLogBufferSizeBytes ==
                  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
              "");
static_assert(cu::kDeviceAttrComputeCapabilityMajor ==
                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
              "");
static_assert(cu::kDeviceAttrComputeCapabilityMinor ==
                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
              "");
static_assert(cu::kDeviceAttrMaxSharedMemoryPerBlockOptin ==
                  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
              "");
static_assert(cu::kFuncAttrMaxDynamicSharedSizeBytes ==
                  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
              "");
static_assert(cu::kEventDefault == CU_EVENT_DEFAULT, "");
static_assert(cu::kStreamNonBlocking == CU_STREAM_NON_BLOCKING, "");

// Function types are compared after mapping every enum and integer type to
// the signed integer of its size: the runtime passes enums as int, which
// is ABI-compatible, while every other difference (a parameter missing, a
// size_t declared as unsigned, a wrong pointer type) still shows.
template <typename T, typename = void> struct Normalize { using type = T; };
template <typename T>
struct Normalize<T,
                 std::enable_if_t<std::is_enum_v<T> && !std::is_const_v<T>>> {
  using type = std::make_signed_t<std::underlying_type_t<T>>;
};
template <typename T>
struct Normalize<
    T, std::enable_if_t<std::is_integral_v<T> && !std::is_const_v<T> &&
                        !std::is_same_v<T, bool>>> {
  using type = std::make_signed_t<T>;
};
template <typename T> struct Normalize<T *, void> {
  using type = typename Normalize<T>::type *;
};
template <typename T> struct Normalize<const T, void> {
  using type = const typename Normalize<T>::type;
};
template <typename R, typename... Args> struct Normalize<R (*)(Args...), void> {
  using type =
      typename Normalize<R>::type (*)(typename Normalize<Args>::type...);
};
// The runtime's opaque tensor map is CUtensorMap.
template <> struct Normalize<cu::TensorMap, void> { using type = CUtensorMap; };
// The runtime's pool properties are CUmemPoolProps (layout checked below).
template <> struct Normalize<cu::MemPoolProps, void> {
  using type = CUmemPoolProps;
};
template <typename T> using Normalized = typename Normalize<T>::type;

// `name` expands through cuda.h's macros to the versioned symbol, e.g.
// cuMemAlloc to cuMemAlloc_v2, which is what the runtime resolves.
#define FUSEC_CHECK_FUNCTION(name, symbol, params)                             \
  static_assert(std::is_same_v<Normalized<decltype(&::name)>,                  \
                               Normalized<cu::name##_fn>>,                     \
                "signature of " symbol);
FUSEC_CUDA_DRIVER_FUNCTIONS(FUSEC_CHECK_FUNCTION)
static_assert(std::is_same_v<Normalized<decltype(&::cuTensorMapEncodeTiled)>,
                             Normalized<cu::cuTensorMapEncodeTiled_fn>>,
              "signature of cuTensorMapEncodeTiled");
static_assert(std::is_same_v<Normalized<decltype(&::cuMemPoolCreate)>,
                             Normalized<cu::cuMemPoolCreate_fn>>,
              "signature of cuMemPoolCreate");
static_assert(std::is_same_v<Normalized<decltype(&::cuMemPoolSetAttribute)>,
                             Normalized<cu::cuMemPoolSetAttribute_fn>>,
              "signature of cuMemPoolSetAttribute");
static_assert(std::is_same_v<Normalized<decltype(&::cuMemAllocFromPoolAsync)>,
                             Normalized<cu::cuMemAllocFromPoolAsync_fn>>,
              "signature of cuMemAllocFromPoolAsync");
static_assert(std::is_same_v<Normalized<decltype(&::cuMemFreeAsync)>,
                             Normalized<cu::cuMemFreeAsync_fn>>,
              "signature of cuMemFreeAsync");
static_assert(std::is_same_v<cu::MemPool, CUmemoryPool>, "CUmemoryPool");
static_assert(sizeof(cu::MemPoolProps) == sizeof(CUmemPoolProps) &&
                  offsetof(cu::MemPoolProps, locationType) ==
                      offsetof(CUmemPoolProps, location.type) &&
                  offsetof(cu::MemPoolProps, locationId) ==
                      offsetof(CUmemPoolProps, location.id) &&
                  offsetof(cu::MemPoolProps, win32SecurityAttributes) ==
                      offsetof(CUmemPoolProps, win32SecurityAttributes),
              "CUmemPoolProps");
static_assert(cu::kDeviceAttrMemoryPoolsSupported ==
                  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
              "");
static_assert(cu::kMemPoolAttrReleaseThreshold ==
                  CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
              "");
static_assert(cu::kMemAllocationTypePinned == CU_MEM_ALLOCATION_TYPE_PINNED,
              "");
static_assert(cu::kMemLocationTypeDevice == CU_MEM_LOCATION_TYPE_DEVICE, "");
static_assert(sizeof(cu::TensorMap) == sizeof(CUtensorMap) &&
                  alignof(cu::TensorMap) == alignof(CUtensorMap),
              "CUtensorMap");
static_assert(cu::kTensorMapFloat16 == CU_TENSOR_MAP_DATA_TYPE_FLOAT16, "");
static_assert(cu::kTensorMapFloat32 == CU_TENSOR_MAP_DATA_TYPE_FLOAT32, "");
static_assert(cu::kTensorMapBFloat16 == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, "");
static_assert(cu::kTensorMapInterleaveNone == CU_TENSOR_MAP_INTERLEAVE_NONE,
              "");
static_assert(cu::kTensorMapSwizzle128B == CU_TENSOR_MAP_SWIZZLE_128B, "");
static_assert(cu::kTensorMapL2Promotion256B ==
                  CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
              "");
static_assert(cu::kTensorMapOOBFillZero == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
              "");
