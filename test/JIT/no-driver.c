// Without a CUDA driver the JIT reports a clear error value, and the
// process goes on.
// UNSUPPORTED: cuda
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/include -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_jit -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: env FUSEC_CUDA_DRIVER=/nonexistent/libcuda.so.1 %t | FileCheck %s
// CHECK: create: 2
// CHECK-NEXT: fusec JIT: CUDA driver not found: dlopen(/nonexistent/libcuda.so.1) failed
// CHECK: survived

#include "fusec/JIT/fusec_jit.h"

#include <stdio.h>

int main(void) {
  fusec_jit *jit = NULL;
  char *error = NULL;
  int rc = fusec_jit_create(NULL, 0, /*compile_only=*/0, &jit, &error);
  printf("create: %d\n%s\n", rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
  printf("survived\n");
  return jit == NULL ? 0 : 1;
}
