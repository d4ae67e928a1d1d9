/*===- fusec_runtime.h - C API of the fusec runtime ---------------*- C -*-===*\
|*                                                                            *|
|* Part of fusec. A C99 interface to the runtime (libfusec_runtime.so), so   *|
|* that C programs and Python (ctypes) can load and launch fusec kernels     *|
|* without any CUDA library at build time: the CUDA driver is loaded at run  *|
|* time.                                                                     *|
|*                                                                            *|
|* Conventions: functions return 0 on success and non-zero on failure       *|
|* (FUSEC_RT_ERROR, or FUSEC_RT_UNAVAILABLE when the machine has no usable  *|
|* driver or device). On failure, when `error` is not NULL, *error receives *|
|* a malloc'ed message to release with fusec_rt_free_error (it may be NULL  *|
|* if even that allocation failed); on success *error is left untouched.    *|
|*                                                                            *|
|* Device pointers are uint64_t (CUdeviceptr) and streams are void *        *|
|* (CUstream, NULL for the default stream) of the device's primary context,  *|
|* the context the CUDA runtime, PyTorch and CuPy use.                       *|
|*                                                                            *|
|* Thread safety: every function may be called from any thread. A program   *|
|* may be launched from several threads at once; destroy it only when no    *|
|* launch is in progress.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FUSEC_RUNTIME_FUSEC_RUNTIME_H
#define FUSEC_RUNTIME_FUSEC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define FUSEC_RT_API __attribute__((visibility("default")))
#else
#define FUSEC_RT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
enum {
  FUSEC_RT_SUCCESS = 0,
  FUSEC_RT_ERROR = 1,
  /* No CUDA driver, or no CUDA device. */
  FUSEC_RT_UNAVAILABLE = 2
};

/* Element types, as in the launch description's "dtype". */
typedef enum fusec_rt_dtype {
  FUSEC_RT_F16 = 0,
  FUSEC_RT_BF16 = 1,
  FUSEC_RT_F32 = 2,
  FUSEC_RT_F64 = 3,
  FUSEC_RT_I1 = 4,
  FUSEC_RT_I32 = 5,
  FUSEC_RT_I64 = 6
} fusec_rt_dtype;

/* One argument of a launch: a dense, row-major device buffer. */
typedef struct fusec_rt_arg {
  uint64_t ptr;         /* Device pointer, 16-byte aligned. */
  int dtype;            /* A fusec_rt_dtype. */
  int rank;             /* Number of entries in shape. */
  const int64_t *shape; /* May be NULL when rank is 0. */
} fusec_rt_arg;

typedef struct fusec_rt_launch_stats {
  /* Bytes allocated for temporary buffers during the call. */
  uint64_t temp_bytes;
  uint32_t kernels;
  uint32_t memsets;
  /* 1 when the call waited for its kernels: it had temporaries and the
     driver or device has no stream-ordered memory pools. Such a call
     cannot be captured into a CUDA graph. */
  uint32_t synchronized;
} fusec_rt_launch_stats;

/* A PTX module and its launch description, loaded on one device. */
typedef struct fusec_rt_program fusec_rt_program;

/* Releases a message returned through an `error` parameter (NULL is
   ignored). */
FUSEC_RT_API void fusec_rt_free_error(char *error);

/* FUSEC_RT_SUCCESS when the driver loads and a device is present;
   otherwise the reason. */
FUSEC_RT_API int fusec_rt_driver_status(char **error);

FUSEC_RT_API int fusec_rt_device_count(int *count, char **error);

/* The device's name (truncated to name_size - 1 bytes) and compute
   capability; any output pointer may be NULL. */
FUSEC_RT_API int fusec_rt_device_info(int device, char *name, size_t name_size,
                                      int *cc_major, int *cc_minor,
                                      char **error);

/* Loads the NUL-terminated PTX text `ptx` with the launch description
   `launch_json` (the kernel.ptx.json written by fusec) on `device`. With
   `launch_json` NULL, the description embedded in the PTX (its
   `// fusec-launch:` line) is used. *out is NULL on failure. */
FUSEC_RT_API int fusec_rt_program_create(const char *ptx,
                                         const char *launch_json, int device,
                                         fusec_rt_program **out, char **error);

/* NULL is ignored. */
FUSEC_RT_API void fusec_rt_program_destroy(fusec_rt_program *program);

/* Checks the arguments against the description, then runs its steps on
   `stream`. `stats` may be NULL. */
FUSEC_RT_API int fusec_rt_program_launch(fusec_rt_program *program, int nargs,
                                         const fusec_rt_arg *args, void *stream,
                                         fusec_rt_launch_stats *stats,
                                         char **error);

/* Device memory. fusec_rt_malloc of 0 bytes gives 0; freeing 0 does
   nothing. Copies and memset are synchronous. */
FUSEC_RT_API int fusec_rt_malloc(int device, uint64_t bytes, uint64_t *ptr,
                                 char **error);
FUSEC_RT_API int fusec_rt_free(int device, uint64_t ptr, char **error);
FUSEC_RT_API int fusec_rt_memcpy_htod(int device, uint64_t dst, const void *src,
                                      uint64_t bytes, char **error);
FUSEC_RT_API int fusec_rt_memcpy_dtoh(int device, void *dst, uint64_t src,
                                      uint64_t bytes, char **error);
FUSEC_RT_API int fusec_rt_memset(int device, uint64_t dst, int byte,
                                 uint64_t bytes, char **error);

/* Waits for the work queued on `stream` (NULL: the default stream). */
FUSEC_RT_API int fusec_rt_synchronize(int device, void *stream, char **error);

#ifdef __cplusplus
}
#endif

#endif /* FUSEC_RUNTIME_FUSEC_RUNTIME_H */
