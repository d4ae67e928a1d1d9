// Bad launches at the runtime's C API (fusec_runtime.h), on a machine
// without a GPU: the runtime loads a stand-in driver (Inputs/fake-libcuda.c)
// so that the PTX fusec emits for the naive assignment becomes a program,
// and every bad argument list must come back as FUSEC_RT_ERROR (1) with a
// message, before anything is launched. The process survives all of them.
//
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC %S/Inputs/fake-libcuda.c -o %t-libcuda.so
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: fusec %examples/naive_argmin.mlir -o %t.ptx
// RUN: env FUSEC_CUDA_DRIVER=%t-libcuda.so %t %t.ptx | FileCheck %s
//
// The description embedded in the PTX: arg0 f32 [s0, 512], arg1 f32
// [256, 512], result0 i64 [s0].
// CHECK: create: rc=0
// CHECK-NEXT: good launch: rc=0 kernels=1
// CHECK-NEXT: NULL program: rc=1 fusec_rt_program_launch: program is NULL
// CHECK-NEXT: 2 arguments: rc=1 naive_argmin: expected 3 arguments (arg0, arg1, result0), got 2
// CHECK-NEXT: 4 arguments: rc=1 naive_argmin: expected 3 arguments (arg0, arg1, result0), got 4
// CHECK-NEXT: nargs -1: rc=1 fusec_rt_program_launch: nargs is -1, must be non-negative
// CHECK-NEXT: NULL args: rc=1 fusec_rt_program_launch: args is NULL with nargs 3
// CHECK-NEXT: f16 for f32: rc=1 naive_argmin: argument 0 ('arg0'): dtype is f16, expected f32
// CHECK-NEXT: i32 labels: rc=1 naive_argmin: argument 2 ('result0'): dtype is i32, expected i64
// CHECK-NEXT: dtype code 42: rc=1 fusec_rt_program_launch: argument 1: unknown dtype code 42
// CHECK-NEXT: rank 1 for rank 2: rc=1 naive_argmin: argument 0 ('arg0'): rank is 1 (shape [1000]), expected 2
// CHECK-NEXT: rank 3 for rank 2: rc=1 naive_argmin: argument 1 ('arg1'): rank is 3 (shape [1, 256, 512]), expected 2
// CHECK-NEXT: rank -1: rc=1 fusec_rt_program_launch: argument 0: rank is -1, must be non-negative
// CHECK-NEXT: NULL shape: rc=1 fusec_rt_program_launch: argument 0: shape is NULL with rank 2
// CHECK-NEXT: static extent: rc=1 naive_argmin: argument 1 ('arg1'): dimension 1 is 500, expected 512
// CHECK-NEXT: size symbol: rc=1 naive_argmin: argument 2 ('result0'): dimension 0 is 999, but size 's0' is 1000 (from argument 0 ('arg0') dimension 0)
// CHECK-NEXT: negative size: rc=1 naive_argmin: argument 0 ('arg0'): dimension 0 is -5, must be non-negative
// CHECK-NEXT: byte overflow: rc=1 naive_argmin: argument 0 ('arg0'): byte size of f32 [4611686018427387904, 512] overflows 64 bits
// CHECK-NEXT: grid limit: rc=1 naive_argmin: steps[0].grid[0]: ["max", 1, ["cdiv", "s0", 128]] = 2147483648 is out of range (grid x must be between 1 and 2147483647)
// CHECK-NEXT: misaligned: rc=1 naive_argmin: argument 1 ('arg1'): pointer 0x{{[0-9a-f]+}} is not 16-byte aligned
// CHECK-NEXT: null pointer: rc=1 naive_argmin: argument 2 ('result0'): null pointer for 8000 bytes
// CHECK-NEXT: empty batch: rc=0 kernels=1
// CHECK-NEXT: runtime-launch: survived

#include "fusec/runtime/fusec_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/read-file.h"

static void show(const char *what, int rc, char *error) {
  printf("%s: rc=%d %s\n", what, rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
}

static fusec_rt_program *program;

/* Launches with `args` and prints the outcome; a success prints the number
   of kernels launched instead of a message. */
static void launch(const char *what, int nargs, const fusec_rt_arg *args) {
  char *error = NULL;
  fusec_rt_launch_stats stats = {0, 0, 0, 0};
  int rc = fusec_rt_program_launch(program, nargs, args, NULL, &stats, &error);
  if (rc == FUSEC_RT_SUCCESS)
    printf("%s: rc=0 kernels=%u\n", what, stats.kernels);
  else
    show(what, rc, error);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  char *error = NULL;
  int rc = fusec_rt_program_create(ptx, NULL, 0, &program, &error);
  show("create", rc, error);
  if (rc != FUSEC_RT_SUCCESS)
    return 1;

  uint64_t x = 0, c = 0, labels = 0;
  if (fusec_rt_malloc(0, 1000 * 512 * 4, &x, NULL) ||
      fusec_rt_malloc(0, 256 * 512 * 4, &c, NULL) ||
      fusec_rt_malloc(0, 1000 * 8, &labels, NULL))
    return 1;
  int64_t xShape[2] = {1000, 512}, cShape[2] = {256, 512}, lShape[1] = {1000};
  const fusec_rt_arg good[3] = {{x, FUSEC_RT_F32, 2, xShape},
                                {c, FUSEC_RT_F32, 2, cShape},
                                {labels, FUSEC_RT_I64, 1, lShape}};
  fusec_rt_arg args[4];
  launch("good launch", 3, good);

  // The argument list.
  {
    fusec_rt_program *saved = program;
    program = NULL;
    launch("NULL program", 3, good);
    program = saved;
  }
  launch("2 arguments", 2, good);
  memcpy(args, good, sizeof(good));
  args[3] = good[2];
  launch("4 arguments", 4, args);
  launch("nargs -1", -1, good);
  launch("NULL args", 3, NULL);

  // Element types.
  memcpy(args, good, sizeof(good));
  args[0].dtype = FUSEC_RT_F16;
  launch("f16 for f32", 3, args);
  memcpy(args, good, sizeof(good));
  args[2].dtype = FUSEC_RT_I32;
  launch("i32 labels", 3, args);
  memcpy(args, good, sizeof(good));
  args[1].dtype = 42;
  launch("dtype code 42", 3, args);

  // Ranks and shapes.
  memcpy(args, good, sizeof(good));
  args[0].rank = 1;
  launch("rank 1 for rank 2", 3, args);
  int64_t rank3[3] = {1, 256, 512};
  memcpy(args, good, sizeof(good));
  args[1].rank = 3;
  args[1].shape = rank3;
  launch("rank 3 for rank 2", 3, args);
  memcpy(args, good, sizeof(good));
  args[0].rank = -1;
  launch("rank -1", 3, args);
  memcpy(args, good, sizeof(good));
  args[0].shape = NULL;
  launch("NULL shape", 3, args);

  // Sizes that contradict the static extents, or another argument bound to
  // the same size symbol.
  int64_t narrow[2] = {256, 500};
  memcpy(args, good, sizeof(good));
  args[1].shape = narrow;
  launch("static extent", 3, args);
  int64_t fewer[1] = {999};
  memcpy(args, good, sizeof(good));
  args[2].shape = fewer;
  launch("size symbol", 3, args);
  int64_t negative[2] = {-5, 512}, negativeLabels[1] = {-5};
  memcpy(args, good, sizeof(good));
  args[0].shape = negative;
  args[2].shape = negativeLabels;
  launch("negative size", 3, args);

  // Sizes too large: a byte count beyond 64 bits, a grid beyond CUDA's.
  int64_t huge[2] = {4611686018427387904LL, 512}, hugeLabels[1] = {
                                                      4611686018427387904LL};
  memcpy(args, good, sizeof(good));
  args[0].shape = huge;
  args[2].shape = hugeLabels;
  launch("byte overflow", 3, args);
  int64_t tall[2] = {274877906944LL, 512}, tallLabels[1] = {274877906944LL};
  memcpy(args, good, sizeof(good));
  args[0].shape = tall;
  args[2].shape = tallLabels;
  launch("grid limit", 3, args);

  // Pointers.
  memcpy(args, good, sizeof(good));
  args[1].ptr = c + 4;
  launch("misaligned", 3, args);
  memcpy(args, good, sizeof(good));
  args[2].ptr = 0;
  launch("null pointer", 3, args);

  // An empty batch is valid (the grid is at least 1).
  int64_t empty[2] = {0, 512}, emptyLabels[1] = {0};
  memcpy(args, good, sizeof(good));
  args[0].shape = empty;
  args[2].shape = emptyLabels;
  launch("empty batch", 3, args);

  fusec_rt_free(0, x, NULL);
  fusec_rt_free(0, c, NULL);
  fusec_rt_free(0, labels, NULL);
  fusec_rt_program_destroy(program);
  free(ptx);
  printf("runtime-launch: survived\n");
  return 0;
}
