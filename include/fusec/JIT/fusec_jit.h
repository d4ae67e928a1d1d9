/*===- fusec_jit.h - C API of the fusec JIT -----------------------*- C -*-===*
 *
 * Part of fusec. A C interface to the JIT, so that any language with an FFI
 * can compile fuse-dialect programs and launch them through the runtime's C
 * API (fusec_runtime.h). Every function returns 0 on success and non-zero
 * on failure (FUSEC_RT_UNAVAILABLE when there is no driver or device,
 * FUSEC_RT_ERROR otherwise), with a message in *error to be freed by
 * fusec_rt_free_error.
 *
 *===----------------------------------------------------------------------===*/

#ifndef FUSEC_JIT_FUSEC_JIT_H
#define FUSEC_JIT_FUSEC_JIT_H

#include "fusec/runtime/fusec_runtime.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fusec_jit fusec_jit;

/* Creates a JIT for `device`. `arch` may be NULL (the device's). With
   compile_only non-zero no driver is needed and only
   fusec_jit_compile_to_ptx works. */
FUSEC_RT_API int fusec_jit_create(const char *arch, int device,
                                  int compile_only, fusec_jit **out,
                                  char **error);

FUSEC_RT_API void fusec_jit_destroy(fusec_jit *jit);

/* Compiles (or finds in the cache) the program in the NUL-terminated MLIR
   text and returns it loaded. The program is owned by the JIT: do not
   destroy it; it is valid until fusec_jit_destroy. */
FUSEC_RT_API int fusec_jit_load(fusec_jit *jit, const char *mlir,
                                fusec_rt_program **out, char **error);

/* The PTX (with the launch description embedded) for the MLIR text; free
   *ptx with fusec_rt_free_error. */
FUSEC_RT_API int fusec_jit_compile_to_ptx(fusec_jit *jit, const char *mlir,
                                          char **ptx, char **error);

/* Counters: cache hits in memory and on disk, and compilations. */
FUSEC_RT_API void fusec_jit_stats(fusec_jit *jit, unsigned long long *memory_hits,
                                  unsigned long long *disk_hits,
                                  unsigned long long *compiles);

#ifdef __cplusplus
}
#endif

#endif /* FUSEC_JIT_FUSEC_JIT_H */
