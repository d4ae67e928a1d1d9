// Bad inputs at the JIT's C API (fusec_jit.h): NULL arguments, programs
// the compiler rejects (their diagnostics carry fusec-jit-input:LINE:COL),
// no driver, and bad launches of a program the JIT loaded. The driver is
// the stand-in of Inputs/fake-libcuda.c, so this needs no GPU. Every
// failure is an error value with a message; the process survives.
//
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC -DFAKE_CUDA_TENSOR_MAPS %S/Inputs/fake-libcuda.c -o %t-libcuda.so
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/include -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_jit -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: rm -rf %t.cache
// RUN: env FUSEC_CACHE_DIR=%t.cache FUSEC_CUDA_DRIVER=%t-libcuda.so %t %examples/naive_argmin.mlir | FileCheck %s
// RUN: env FUSEC_CACHE_DIR=%t.cache FUSEC_CUDA_DRIVER=%t.missing/libcuda.so.1 %t %examples/naive_argmin.mlir | FileCheck %s --check-prefix=NO-DRIVER

// CHECK: compile-only create: rc=0 (no message)
// CHECK-NEXT: create with NULL out: rc=1 fusec_jit_create: out is NULL
// CHECK-NEXT: compile with NULL jit: rc=1 fusec_jit_compile_to_ptx: NULL argument
// CHECK-NEXT: compile NULL text: rc=1 fusec_jit_compile_to_ptx: NULL argument
// CHECK-NEXT: syntax error: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:23: error: expected ':'
// CHECK-NEXT: unknown op: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:8: error: custom op 'fuse.cube' is unknown
// CHECK-NEXT: unknown attribute: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:8: error: 'fuse.sum' op has unknown attribute 'keep_dim'
// CHECK-NEXT: f16 + f32: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:8: error: operands must have the same element type, got 'f16' and 'f32'
// CHECK-NEXT: argmin dim 5: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:8: error: dimension 5 is out of range for a tensor of rank 2
// CHECK-NEXT: huge tensor: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:8: error: 'fuse.sum' op operand #0 type 'tensor<4611686018427387904x8xf32>' spans more than INT64_MAX bytes
// CHECK-NEXT: empty text: rc=1 fusec JIT: compilation failed: | fusec-jit-input:0:0: error: no function to compile
// CHECK-NEXT: load with a compile-only JIT: rc=1 fusec_jit_load: the JIT was created compile-only; it cannot load programs
// CHECK-NEXT: create: rc=0 (no message)
// CHECK-NEXT: load NULL text: rc=1 fusec_jit_load: NULL argument
// CHECK-NEXT: load a syntax error: rc=1 fusec JIT: cannot parse the program: | fusec-jit-input:2:23: error: expected ':'
// CHECK-NEXT: load: rc=0 (no message)
// The JIT's default precision (auto) on the stand-in's compute capability
// 9.0 (sm_90a) takes the certified 3xTF32 kernel, whose rows come by TMA:
// an f32 (type 7) map of the 8 rows.
// CHECK-NEXT: encode: type 7, dims 512 x 8,
// CHECK-NEXT: good launch: rc=0 kernels=1
// CHECK-NEXT: 1 argument: rc=1 naive_argmin: expected 3 arguments (arg0, arg1, result0), got 1
// CHECK-NEXT: f64 for f32: rc=1 naive_argmin: argument 1 ('arg1'): dtype is f64, expected f32
// CHECK-NEXT: rank 0 for rank 1: rc=1 naive_argmin: argument 2 ('result0'): rank is 0 (shape []), expected 1
// CHECK-NEXT: NULL shape: rc=1 fusec_rt_program_launch: argument 1: shape is NULL with rank 2
// CHECK-NEXT: size symbol: rc=1 naive_argmin: argument 2 ('result0'): dimension 0 is 7, but size 's0' is 8 (from argument 0 ('arg0') dimension 0)
// CHECK-NEXT: jit-launch: survived

// NO-DRIVER: compile-only create: rc=0 (no message)
// NO-DRIVER: create: rc=2 fusec JIT: CUDA driver not found: dlopen({{.*}}.missing/libcuda.so.1) failed
// NO-DRIVER-NEXT: jit-launch: survived

#include "fusec/JIT/fusec_jit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/read-file.h"

/* Prints the outcome and the message, on one line: each newline becomes
   " | " (compiler diagnostics span several lines). */
static void show(const char *what, int rc, char *error) {
  printf("%s: rc=%d ", what, rc);
  for (const char *p = error; p && *p; ++p) {
    if (*p == '\n')
      printf(p[1] ? " | " : "");
    else
      putchar(*p);
  }
  printf("%s\n", error ? "" : "(no message)");
  fusec_rt_free_error(error);
}

static void compile(fusec_jit *jit, const char *what, const char *text) {
  char *ptx = NULL, *error = NULL;
  int rc = fusec_jit_compile_to_ptx(jit, text, &ptx, &error);
  show(what, rc, error);
  fusec_rt_free_error(ptx);
}

static fusec_rt_program *program;

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
  char *naive = readFile(argv[1]);
  if (!naive)
    return 2;

  fusec_jit *compiler = NULL;
  char *error = NULL;
  int rc = fusec_jit_create("sm_90", 0, /*compile_only=*/1, &compiler, &error);
  show("compile-only create", rc, error);
  error = NULL;
  rc = fusec_jit_create("sm_90", 0, 1, NULL, &error);
  show("create with NULL out", rc, error);

  compile(NULL, "compile with NULL jit", naive);
  compile(compiler, "compile NULL text", NULL);
  compile(compiler, "syntax error",
          "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
          "  %0 = fuse.add %x, %x tensor<4xf32>, tensor<4xf32> -> "
          "tensor<4xf32>\n"
          "  return %0 : tensor<4xf32>\n}\n");
  compile(compiler, "unknown op",
          "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
          "  %0 = fuse.cube %x : tensor<4xf32>\n"
          "  return %0 : tensor<4xf32>\n}\n");
  compile(compiler, "unknown attribute",
          "func.func @f(%x: tensor<4x3xf32>) -> tensor<4xf32> {\n"
          "  %0 = fuse.sum %x, dim = 1 {keep_dim} : tensor<4x3xf32> -> "
          "tensor<4xf32>\n"
          "  return %0 : tensor<4xf32>\n}\n");
  compile(compiler, "f16 + f32",
          "func.func @f(%a: tensor<4xf16>, %b: tensor<4xf32>) -> "
          "tensor<4xf32> {\n"
          "  %0 = fuse.add %a, %b : tensor<4xf16>, tensor<4xf32> -> "
          "tensor<4xf32>\n"
          "  return %0 : tensor<4xf32>\n}\n");
  compile(compiler, "argmin dim 5",
          "func.func @f(%d: tensor<4x5xf32>) -> tensor<4xi64> {\n"
          "  %0 = fuse.argmin %d, dim = 5 : tensor<4x5xf32> -> tensor<4xi64>\n"
          "  return %0 : tensor<4xi64>\n}\n");
  compile(compiler, "huge tensor",
          "func.func @f(%x: tensor<4611686018427387904x8xf32>) -> "
          "tensor<4611686018427387904xf32> {\n"
          "  %0 = fuse.sum %x, dim = 1 : tensor<4611686018427387904x8xf32> -> "
          "tensor<4611686018427387904xf32>\n"
          "  return %0 : tensor<4611686018427387904xf32>\n}\n");
  compile(compiler, "empty text", "");

  fusec_rt_program *unused = NULL;
  error = NULL;
  rc = fusec_jit_load(compiler, naive, &unused, &error);
  show("load with a compile-only JIT", rc, error);
  fusec_jit_destroy(compiler);

  // A JIT that loads programs needs the driver.
  fusec_jit *jit = NULL;
  error = NULL;
  rc = fusec_jit_create(NULL, 0, /*compile_only=*/0, &jit, &error);
  show("create", rc, error);
  if (rc != 0) {
    free(naive);
    printf("jit-launch: survived\n");
    return 0;
  }
  error = NULL;
  rc = fusec_jit_load(jit, NULL, &program, &error);
  show("load NULL text", rc, error);
  error = NULL;
  rc = fusec_jit_load(jit,
                      "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                      "  %0 = fuse.add %x, %x tensor<4xf32>, tensor<4xf32> -> "
                      "tensor<4xf32>\n"
                      "  return %0 : tensor<4xf32>\n}\n",
                      &program, &error);
  show("load a syntax error", rc, error);
  error = NULL;
  rc = fusec_jit_load(jit, naive, &program, &error);
  show("load", rc, error);
  if (rc != 0)
    return 1;

  // The program the JIT loaded checks its arguments like any other.
  uint64_t x = 0, c = 0, labels = 0;
  if (fusec_rt_malloc(0, 8 * 512 * 4, &x, NULL) ||
      fusec_rt_malloc(0, 256 * 512 * 4, &c, NULL) ||
      fusec_rt_malloc(0, 8 * 8, &labels, NULL))
    return 1;
  int64_t xShape[2] = {8, 512}, cShape[2] = {256, 512}, lShape[1] = {8};
  const fusec_rt_arg good[3] = {{x, FUSEC_RT_F32, 2, xShape},
                                {c, FUSEC_RT_F32, 2, cShape},
                                {labels, FUSEC_RT_I64, 1, lShape}};
  fusec_rt_arg args[3];
  launch("good launch", 3, good);
  launch("1 argument", 1, good);
  memcpy(args, good, sizeof(good));
  args[1].dtype = FUSEC_RT_F64;
  launch("f64 for f32", 3, args);
  memcpy(args, good, sizeof(good));
  args[2].rank = 0;
  launch("rank 0 for rank 1", 3, args);
  memcpy(args, good, sizeof(good));
  args[1].shape = NULL;
  launch("NULL shape", 3, args);
  int64_t seven[1] = {7};
  memcpy(args, good, sizeof(good));
  args[2].shape = seven;
  launch("size symbol", 3, args);

  fusec_rt_free(0, x, NULL);
  fusec_rt_free(0, c, NULL);
  fusec_rt_free(0, labels, NULL);
  fusec_jit_destroy(jit); // Destroys the programs it loaded.
  free(naive);
  printf("jit-launch: survived\n");
  return 0;
}
