// Tensor-map parameters at the runtime's C API, on a machine without a
// GPU (Inputs/fake-libcuda.c stands in for the driver). The wgmma kernel
// of the f16 example for sm_90a takes the rows and the candidates as TMA
// tensor maps, which the runtime encodes at each launch:
// - with a driver that has no cuTensorMapEncodeTiled the launch fails
//   with FUSEC_RT_UNAVAILABLE (2) and says why;
// - with one, each map is encoded from the bound argument (f16 = type 6,
//   extents innermost first, the row stride in bytes, the description's
//   box, the 128-byte swizzle = 3, zeros outside);
// - an empty batch skips the kernel (nothing to write, and a map of an
//   empty buffer cannot be encoded);
// - more rows than TMA's 32-bit coordinates reach is an error.
//
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC %S/Inputs/fake-libcuda.c -o %t-plain.so
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC -DFAKE_CUDA_TENSOR_MAPS %S/Inputs/fake-libcuda.c -o %t-tma.so
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: fusec %examples/gemm_argmin_f16.mlir --arch=sm_90a --expected-rows=131072 -o %t.ptx
// RUN: env FUSEC_CUDA_DRIVER=%t-plain.so %t %t.ptx | FileCheck %s --check-prefix=PLAIN
// RUN: env FUSEC_CUDA_DRIVER=%t-tma.so %t %t.ptx | FileCheck %s --check-prefix=TMA
//
// PLAIN: good launch: rc=2 gemm_argmin_f16: steps[0].params[4]: tensor map of 'arg0': the CUDA driver has no cuTensorMapEncodeTiled (a driver for CUDA 12 or later is needed for TMA kernels)
// PLAIN-NEXT: empty batch: rc=0 kernels=0
// PLAIN-NEXT: 2^31 rows: rc=2 gemm_argmin_f16: steps[0].params[4]: tensor map of 'arg0': the CUDA driver has no cuTensorMapEncodeTiled
// PLAIN-NEXT: runtime-tensor-map: survived
//
// TMA: encode: type 6, dims 512 x 1000, row stride 1024, box 64 x 128, element strides 1 1, interleave 0, swizzle 3, L2 promotion 3, fill 0
// TMA-NEXT: encode: type 6, dims 512 x 256, row stride 1024, box 64 x 256, element strides 1 1, interleave 0, swizzle 3, L2 promotion 3, fill 0
// TMA-NEXT: good launch: rc=0 kernels=1
// TMA-NEXT: empty batch: rc=0 kernels=0
// TMA-NEXT: 2^31 rows: rc=1 gemm_argmin_f16: steps[0].params[4]: tensor map of 'arg0': TMA kernels take 1 to 2^31 - 1 rows and features (compile with --cluster=0 for cp.async copies)
// TMA-NEXT: runtime-tensor-map: survived

#include "fusec/runtime/fusec_runtime.h"

#include <stdio.h>
#include <stdlib.h>

#include "Inputs/read-file.h"

static fusec_rt_program *program;

/* Launches and prints the outcome: the kernels launched, or the error. */
static void launch(const char *what, const fusec_rt_arg *args) {
  char *error = NULL;
  fusec_rt_launch_stats stats = {0, 0, 0, 0};
  int rc = fusec_rt_program_launch(program, 3, args, NULL, &stats, &error);
  if (rc == FUSEC_RT_SUCCESS)
    printf("%s: rc=0 kernels=%u\n", what, stats.kernels);
  else
    printf("%s: rc=%d %s\n", what, rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
  fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  char *error = NULL;
  if (!ptx || fusec_rt_program_create(ptx, NULL, 0, &program, &error)) {
    printf("create: %s\n", error ? error : "(no message)");
    return 1;
  }
  uint64_t x = 0, c = 0, labels = 0;
  if (fusec_rt_malloc(0, 1000 * 512 * 2, &x, NULL) ||
      fusec_rt_malloc(0, 256 * 512 * 2, &c, NULL) ||
      fusec_rt_malloc(0, 1000 * 8, &labels, NULL))
    return 1;
  int64_t xShape[2] = {1000, 512}, cShape[2] = {256, 512}, lShape[1] = {1000};
  fusec_rt_arg args[3] = {{x, FUSEC_RT_F16, 2, xShape},
                          {c, FUSEC_RT_F16, 2, cShape},
                          {labels, FUSEC_RT_I64, 1, lShape}};
  launch("good launch", args);

  int64_t empty[2] = {0, 512}, emptyLabels[1] = {0};
  args[0].shape = empty;
  args[2].shape = emptyLabels;
  launch("empty batch", args);

  int64_t tall[2] = {2147483648LL, 512}, tallLabels[1] = {2147483648LL};
  args[0].shape = tall;
  args[2].shape = tallLabels;
  launch("2^31 rows", args);

  fusec_rt_free(0, x, NULL);
  fusec_rt_free(0, c, NULL);
  fusec_rt_free(0, labels, NULL);
  fusec_rt_program_destroy(program);
  free(ptx);
  printf("runtime-tensor-map: survived\n");
  return 0;
}
