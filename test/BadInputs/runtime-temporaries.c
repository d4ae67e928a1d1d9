// A call's temporaries at the runtime's C API: the second-best scratch of
// --precision=3xtf32-recheck, one i64 a row. With memory pools they are
// allocated and freed in stream order (the call does not synchronize, so
// it can be captured into a CUDA graph); without them, synchronously. A
// temporary that cannot be allocated is an error value naming the buffer.
// The driver is Inputs/fake-libcuda.c, which traces allocations.
//
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC %S/Inputs/fake-libcuda.c -o %t-libcuda.so
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: fusec %examples/gemm_argmin.mlir --precision=3xtf32-recheck -o %t.ptx

// RUN: env FUSEC_CUDA_DRIVER=%t-libcuda.so FAKE_CUDA_TRACE_ALLOC=1 %t %t.ptx | FileCheck %s --check-prefix=POOL
// POOL: create: rc=0
// POOL-NEXT: fake: cuMemAlloc 2048000
// POOL-NEXT: fake: cuMemAlloc 524288
// POOL-NEXT: fake: cuMemAlloc 8000
// POOL-NEXT: fake: cuMemAllocFromPoolAsync 8000
// POOL-NEXT: fake: cuMemFreeAsync 0
// POOL-NEXT: 1000 rows: rc=0 temp_bytes=8000 kernels=2 memsets=2 synchronized=0
// POOL-NEXT: fake: cuMemAllocFromPoolAsync 8000
// POOL-NEXT: fake: cuMemFreeAsync 0
// POOL-NEXT: again: rc=0 temp_bytes=8000 kernels=2 memsets=2 synchronized=0
// POOL-NEXT: 2^28 rows: rc=1 gemm_argmin: cuMemAllocFromPoolAsync failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory); allocating 2147483648 bytes for buffer 'tmp0'
// POOL-NEXT: fake: cuMemFree 0
// POOL-NEXT: fake: cuMemFree 0
// POOL-NEXT: fake: cuMemFree 0
// POOL-NEXT: runtime-temporaries: survived

// RUN: env FUSEC_CUDA_DRIVER=%t-libcuda.so FAKE_CUDA_TRACE_ALLOC=1 FAKE_CUDA_NO_MEMORY_POOLS=1 %t %t.ptx | FileCheck %s --check-prefix=SYNC
// SYNC: create: rc=0
// SYNC-NEXT: fake: cuMemAlloc 2048000
// SYNC-NEXT: fake: cuMemAlloc 524288
// SYNC-NEXT: fake: cuMemAlloc 8000
// SYNC-NEXT: fake: cuMemAlloc 8000
// SYNC-NEXT: fake: cuStreamSynchronize 0
// SYNC-NEXT: fake: cuMemFree 0
// SYNC-NEXT: 1000 rows: rc=0 temp_bytes=8000 kernels=2 memsets=2 synchronized=1
// SYNC-NEXT: fake: cuMemAlloc 8000
// SYNC-NEXT: fake: cuStreamSynchronize 0
// SYNC-NEXT: fake: cuMemFree 0
// SYNC-NEXT: again: rc=0 temp_bytes=8000 kernels=2 memsets=2 synchronized=1
// SYNC-NEXT: 2^28 rows: rc=1 gemm_argmin: cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory); allocating 2147483648 bytes for buffer 'tmp0'
// SYNC-NEXT: fake: cuMemFree 0
// SYNC-NEXT: fake: cuMemFree 0
// SYNC-NEXT: fake: cuMemFree 0
// SYNC-NEXT: runtime-temporaries: survived

#include "fusec/runtime/fusec_runtime.h"

#include <stdio.h>
#include <stdlib.h>

#include "Inputs/read-file.h"

static fusec_rt_program *program;

static void launch(const char *what, int64_t rows, uint64_t x, uint64_t c,
                   uint64_t labels) {
  int64_t xShape[2] = {rows, 512}, cShape[2] = {256, 512};
  fusec_rt_arg args[3] = {{x, FUSEC_RT_F32, 2, xShape},
                          {c, FUSEC_RT_F32, 2, cShape},
                          {labels, FUSEC_RT_I64, 1, &rows}};
  fusec_rt_launch_stats stats = {0, 0, 0, 0};
  char *error = NULL;
  int rc = fusec_rt_program_launch(program, 3, args, NULL, &stats, &error);
  if (rc == FUSEC_RT_SUCCESS)
    printf("%s: rc=0 temp_bytes=%llu kernels=%u memsets=%u synchronized=%u\n",
           what, (unsigned long long)stats.temp_bytes, stats.kernels,
           stats.memsets, stats.synchronized);
  else
    printf("%s: rc=%d %s\n", what, rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
  fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  char *error = NULL;
  int rc = fusec_rt_program_create(ptx, NULL, 0, &program, &error);
  printf("create: rc=%d %s\n", rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
  free(ptx);
  if (rc != FUSEC_RT_SUCCESS)
    return 1;
  fflush(stdout);

  const int64_t rows = 1000;
  uint64_t x = 0, c = 0, labels = 0;
  if (fusec_rt_malloc(0, rows * 512 * 4, &x, NULL) ||
      fusec_rt_malloc(0, 256 * 512 * 4, &c, NULL) ||
      fusec_rt_malloc(0, rows * 8, &labels, NULL))
    return 1;
  launch("1000 rows", rows, x, c, labels);
  launch("again", rows, x, c, labels);
  // The scratch of 2^28 rows is 2 GiB, more than the fake device gives.
  // The call fails before any step reads the (too small) arguments.
  launch("2^28 rows", (int64_t)1 << 28, x, c, labels);

  fusec_rt_free(0, x, NULL);
  fusec_rt_free(0, c, NULL);
  fusec_rt_free(0, labels, NULL);
  fusec_rt_program_destroy(program);
  puts("runtime-temporaries: survived");
  return 0;
}
