/*===- fake-libcuda.c - a stand-in CUDA driver for CPU-only tests ---------===*\
|*                                                                            *|
|* Part of fusec. Built by the lit tests of test/BadInputs into a shared     *|
|* library that FUSEC_CUDA_DRIVER points the runtime at, so that launches   *|
|* reach the runtime's argument checks on a machine without a GPU. It       *|
|* exports every entry point of runtime/lib/CudaDriver.h:                   *|
|*                                                                            *|
|*  - one device, "fusec fake device", compute capability 9.0;              *|
|*  - device memory is host memory, at most 1 GiB per allocation (more      *|
|*    fails with CUDA_ERROR_OUT_OF_MEMORY); copies and memsets work;        *|
|*  - PTX without a ".version" directive is rejected with                   *|
|*    CUDA_ERROR_INVALID_PTX and a line in the JIT error log;               *|
|*  - a function is found when the PTX has ".entry <name>(";                *|
|*  - launches run nothing and succeed;                                      *|
|*  - FAKE_CUDA_NO_DEVICE=1 makes cuInit fail with CUDA_ERROR_NO_DEVICE;   *|
|*  - memory pools: one pool, whose allocations are the ones above;         *|
|*    FAKE_CUDA_NO_MEMORY_POOLS=1 makes the device report no pool support, *|
|*    and FAKE_CUDA_TRACE_ALLOC=1 prints each allocation and free, and     *|
|*    each stream synchronization, on stdout;                               *|
|*  - built with -DFAKE_CUDA_TENSOR_MAPS it also exports                     *|
|*    cuTensorMapEncodeTiled, which prints its arguments and fills the map  *|
|*    (the runtime treats that entry point as optional).                    *|
|*                                                                            *|
|* When the runtime starts calling a new entry point, add it here too: the  *|
|* tests then fail with "does not export <name>".                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kInvalidPtx = 218,
  kNotFound = 500
};

static const unsigned long long kMaxAllocation = 1ull << 30;

struct Module {
  char *ptx;
};

/* The one handle given out for functions, contexts, streams and events. */
static int handle;

#define EXPORT __attribute__((visibility("default")))

EXPORT CUresult cuGetErrorName(CUresult result, const char **name) {
  switch (result) {
  case kSuccess: *name = "CUDA_SUCCESS"; break;
  case kInvalidValue: *name = "CUDA_ERROR_INVALID_VALUE"; break;
  case kOutOfMemory: *name = "CUDA_ERROR_OUT_OF_MEMORY"; break;
  case kNoDevice: *name = "CUDA_ERROR_NO_DEVICE"; break;
  case kInvalidDevice: *name = "CUDA_ERROR_INVALID_DEVICE"; break;
  case kInvalidPtx: *name = "CUDA_ERROR_INVALID_PTX"; break;
  case kNotFound: *name = "CUDA_ERROR_NOT_FOUND"; break;
  default: return kInvalidValue;
  }
  return kSuccess;
}

EXPORT CUresult cuGetErrorString(CUresult result, const char **text) {
  switch (result) {
  case kSuccess: *text = "no error"; break;
  case kInvalidValue: *text = "invalid argument"; break;
  case kOutOfMemory: *text = "out of memory"; break;
  case kNoDevice: *text = "no CUDA-capable device is detected"; break;
  case kInvalidDevice: *text = "invalid device ordinal"; break;
  case kInvalidPtx: *text = "a PTX JIT compilation failed"; break;
  case kNotFound: *text = "named symbol not found"; break;
  default: return kInvalidValue;
  }
  return kSuccess;
}

EXPORT CUresult cuInit(unsigned int flags) {
  (void)flags;
  const char *none = getenv("FAKE_CUDA_NO_DEVICE");
  return none && *none == '1' ? kNoDevice : kSuccess;
}

EXPORT CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}

EXPORT CUresult cuDeviceGet(int *device, int ordinal) {
  if (ordinal != 0)
    return kInvalidDevice;
  *device = 0;
  return kSuccess;
}

EXPORT CUresult cuDeviceGetName(char *name, int length, int device) {
  (void)device;
  snprintf(name, (size_t)length, "fusec fake device");
  return kSuccess;
}

EXPORT CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  switch (attribute) {
  case 75: *value = 9; break;      /* compute capability major */
  case 76: *value = 0; break;      /* compute capability minor */
  case 97: *value = 232448; break; /* max shared memory per block, opt-in */
  case 115:                        /* memory pools supported */
    *value = getenv("FAKE_CUDA_NO_MEMORY_POOLS") ? 0 : 1;
    break;
  default: *value = 0; break;
  }
  return kSuccess;
}

EXPORT CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  (void)device;
  *context = &handle;
  return kSuccess;
}

EXPORT CUresult cuCtxSetCurrent(void *context) {
  (void)context;
  return kSuccess;
}

EXPORT CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  *free = *total = kMaxAllocation;
  return kSuccess;
}

static void trace(const char *what, unsigned long long bytes) {
  if (getenv("FAKE_CUDA_TRACE_ALLOC"))
    printf("fake: %s %llu\n", what, bytes);
}

static CUresult allocate(CUdeviceptr *ptr, size_t bytes) {
  if (bytes == 0)
    return kInvalidValue;
  if (bytes > kMaxAllocation)
    return kOutOfMemory;
  void *memory = aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return kOutOfMemory;
  *ptr = (CUdeviceptr)(uintptr_t)memory;
  return kSuccess;
}

EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  CUresult result = allocate(ptr, bytes);
  if (result == kSuccess)
    trace("cuMemAlloc", bytes);
  return result;
}

EXPORT CUresult cuMemFree_v2(CUdeviceptr ptr) {
  trace("cuMemFree", 0);
  free((void *)(uintptr_t)ptr);
  return kSuccess;
}

/* The one memory pool. */
static int pool;

EXPORT CUresult cuMemPoolCreate(void **handle, const void *props) {
  (void)props;
  *handle = &pool;
  return kSuccess;
}

EXPORT CUresult cuMemPoolSetAttribute(void *handle, int attribute,
                                      void *value) {
  (void)attribute;
  (void)value;
  return handle == &pool ? kSuccess : kInvalidValue;
}

EXPORT CUresult cuMemAllocFromPoolAsync(CUdeviceptr *ptr, size_t bytes,
                                        void *handle, void *stream) {
  (void)stream;
  if (handle != &pool)
    return kInvalidValue;
  CUresult result = allocate(ptr, bytes);
  if (result == kSuccess)
    trace("cuMemAllocFromPoolAsync", bytes);
  return result;
}

EXPORT CUresult cuMemFreeAsync(CUdeviceptr ptr, void *stream) {
  (void)stream;
  trace("cuMemFreeAsync", 0);
  free((void *)(uintptr_t)ptr);
  return kSuccess;
}

EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                size_t bytes) {
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return kSuccess;
}

EXPORT CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return kSuccess;
}

EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char byte,
                              size_t bytes) {
  memset((void *)(uintptr_t)dst, byte, bytes);
  return kSuccess;
}

EXPORT CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char byte,
                                size_t bytes, void *stream) {
  (void)stream;
  return cuMemsetD8_v2(dst, byte, bytes);
}

EXPORT CUresult cuModuleLoadDataEx(void **module, const void *image,
                                   unsigned int numOptions, int *options,
                                   void **values) {
  const char *ptx = (const char *)image;
  if (!strstr(ptx, ".version")) {
    /* Option 5 is CU_JIT_ERROR_LOG_BUFFER, 6 its size. */
    char *log = NULL;
    size_t size = 0;
    for (unsigned int i = 0; i < numOptions; ++i) {
      if (options[i] == 5)
        log = (char *)values[i];
      else if (options[i] == 6)
        size = (size_t)(uintptr_t)values[i];
    }
    if (log && size)
      snprintf(log, size, "fake-libcuda: not PTX (no .version directive)");
    return kInvalidPtx;
  }
  struct Module *loaded = malloc(sizeof(struct Module));
  size_t length = strlen(ptx) + 1;
  loaded->ptx = malloc(length);
  memcpy(loaded->ptx, ptx, length);
  *module = loaded;
  return kSuccess;
}

EXPORT CUresult cuModuleUnload(void *module) {
  struct Module *loaded = (struct Module *)module;
  free(loaded->ptx);
  free(loaded);
  return kSuccess;
}

EXPORT CUresult cuModuleGetFunction(void **function, void *module,
                                    const char *name) {
  const struct Module *loaded = (const struct Module *)module;
  char pattern[512];
  snprintf(pattern, sizeof(pattern), ".entry %s(", name);
  if (!strstr(loaded->ptx, pattern))
    return kNotFound;
  *function = &handle;
  return kSuccess;
}

EXPORT CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  (void)function;
  (void)attribute;
  (void)value;
  return kSuccess;
}

EXPORT CUresult cuLaunchKernel(void *function, unsigned int gridX,
                               unsigned int gridY, unsigned int gridZ,
                               unsigned int blockX, unsigned int blockY,
                               unsigned int blockZ, unsigned int shared,
                               void *stream, void **params, void **extra) {
  (void)function, (void)gridX, (void)gridY, (void)gridZ, (void)blockX;
  (void)blockY, (void)blockZ, (void)shared, (void)stream, (void)params;
  (void)extra;
  return kSuccess;
}

EXPORT CUresult cuStreamCreate(void **stream, unsigned int flags) {
  (void)flags;
  *stream = &handle;
  return kSuccess;
}

EXPORT CUresult cuStreamDestroy_v2(void *stream) {
  (void)stream;
  return kSuccess;
}

EXPORT CUresult cuStreamSynchronize(void *stream) {
  (void)stream;
  trace("cuStreamSynchronize", 0);
  return kSuccess;
}

EXPORT CUresult cuEventCreate(void **event, unsigned int flags) {
  (void)flags;
  *event = &handle;
  return kSuccess;
}

EXPORT CUresult cuEventRecord(void *event, void *stream) {
  (void)event;
  (void)stream;
  return kSuccess;
}

EXPORT CUresult cuEventSynchronize(void *event) {
  (void)event;
  return kSuccess;
}

EXPORT CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
  (void)start;
  (void)end;
  *ms = 0;
  return kSuccess;
}

EXPORT CUresult cuEventDestroy_v2(void *event) {
  (void)event;
  return kSuccess;
}

#ifdef FAKE_CUDA_TENSOR_MAPS
/* Prints what a tiled tensor map would describe; rejects what the real
   driver documents as invalid for the runtime's use (rank 2, 16-byte
   strides, boxes of 1-256, the 128-byte swizzle's 128-byte rows). */
EXPORT CUresult cuTensorMapEncodeTiled(
    void *map, int type, unsigned rank, void *address,
    const unsigned long long *dims, const unsigned long long *strides,
    const unsigned *box, const unsigned *elementStrides, int interleave,
    int swizzle, int promotion, int fill) {
  static const unsigned kElementBytes[16] = {1, 2, 4, 4, 8, 8, 2, 4,
                                             8, 2, 4, 4, 4, 0, 0, 0};
  if (rank != 2 || (uintptr_t)address % 16 || strides[0] % 16 ||
      box[0] < 1 || box[0] > 256 || box[1] < 1 || box[1] > 256 ||
      type < 0 || type > 12 ||
      (swizzle == 3 && box[0] * kElementBytes[type] != 128))
    return kInvalidValue;
  printf("encode: type %d, dims %llu x %llu, row stride %llu, box %u x %u, "
         "element strides %u %u, interleave %d, swizzle %d, L2 promotion "
         "%d, fill %d\n",
         type, dims[0], dims[1], strides[0], box[0], box[1],
         elementStrides[0], elementStrides[1], interleave, swizzle,
         promotion, fill);
  memset(map, 0xA5, 128);
  return kSuccess;
}
#endif
