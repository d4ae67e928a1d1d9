// Driver failures at the runtime's C API: no driver, a library that is not
// a driver, no device, PTX the driver rejects, an entry the PTX lacks, out
// of device memory and a device that does not exist. Each is an error value
// with a message naming the cause (FUSEC_RT_UNAVAILABLE = 2 for a missing
// driver or device, FUSEC_RT_ERROR = 1 otherwise); the process survives.
// Here the driver is Inputs/fake-libcuda.c; gpu-driver.test runs the same
// program on a real GPU.
//
// RUN: %cc -std=c11 -Wall -Werror -shared -fPIC %S/Inputs/fake-libcuda.c -o %t-libcuda.so
// RUN: %cc -std=c11 -shared -fPIC %S/Inputs/not-cuda.c -o %t-not-cuda.so
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: fusec %examples/naive_argmin.mlir -o %t.ptx

// RUN: env FUSEC_CUDA_DRIVER=%t.missing/libcuda.so.1 %t %t.ptx %t.ptx.json | FileCheck %s --check-prefix=MISSING
// MISSING: driver status: rc=2 CUDA driver not found: dlopen({{.*}}.missing/libcuda.so.1) failed: {{.*}}; fusec needs an NVIDIA driver to run kernels
// MISSING-NEXT: create: rc=2 CUDA driver not found:
// MISSING-NEXT: create with rejected PTX: rc=2 CUDA driver not found:
// MISSING-NEXT: create with a missing entry: rc=2 CUDA driver not found:
// MISSING-NEXT: malloc 2^50 bytes: rc=2 CUDA driver not found:
// MISSING-NEXT: malloc on device 1000: rc=2 CUDA driver not found:
// MISSING-NEXT: runtime-driver: survived

// RUN: env FUSEC_CUDA_DRIVER=%t-not-cuda.so %t %t.ptx %t.ptx.json | FileCheck %s --check-prefix=NOT-CUDA
// NOT-CUDA: driver status: rc=2 not a usable CUDA driver: {{.*}}-not-cuda.so does not export cuGetErrorName (it is not libcuda, or a driver too old for fusec)
// NOT-CUDA-NEXT: create: rc=2 not a usable CUDA driver:
// NOT-CUDA: runtime-driver: survived

// RUN: env FUSEC_CUDA_DRIVER=%t-libcuda.so FAKE_CUDA_NO_DEVICE=1 %t %t.ptx %t.ptx.json | FileCheck %s --check-prefix=NO-DEVICE
// NO-DEVICE: driver status: rc=2 no CUDA device found: cuInit failed: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)
// NO-DEVICE-NEXT: create: rc=2 no CUDA device found:
// NO-DEVICE: runtime-driver: survived

// RUN: env FUSEC_CUDA_DRIVER=%t-libcuda.so %t %t.ptx %t.ptx.json | FileCheck %s --check-prefix=FAKE
// FAKE: driver status: rc=0 (no message)
// FAKE-NEXT: create: rc=0 (no message)
// FAKE-NEXT: create with rejected PTX: rc=1 cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed); loading the PTX of 'naive_argmin' (sm_90) on device 0; JIT log: fake-libcuda: not PTX (no .version directive)
// FAKE-NEXT: create with a missing entry: rc=1 cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND (named symbol not found); steps[0].entry: looking up 'naive_argmin_kX' in the PTX of 'naive_argmin'
// FAKE-NEXT: malloc 2^50 bytes: rc=1 cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory); allocating 1125899906842624 bytes on device 0
// FAKE-NEXT: malloc on device 1000: rc=1 CUDA device 1000 does not exist (this machine has 1)
// FAKE-NEXT: runtime-driver: survived

#include "fusec/runtime/fusec_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/read-file.h"

static void show(const char *what, int rc, char *error) {
  printf("%s: rc=%d %s\n", what, rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
}

static void create(const char *what, const char *ptx, const char *json) {
  fusec_rt_program *program = NULL;
  char *error = NULL;
  int rc = fusec_rt_program_create(ptx, json, 0, &program, &error);
  show(what, rc, error);
  fusec_rt_program_destroy(program);
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  char *ptx = readFile(argv[1]);
  char *json = readFile(argv[2]);
  if (!ptx || !json)
    return 2;

  char *error = NULL;
  int rc = fusec_rt_driver_status(&error);
  show("driver status", rc, error);

  create("create", ptx, json);
  create("create with rejected PTX", "this is not PTX", json);
  // The description names an entry that the PTX does not define.
  char *entry = strstr(json, "naive_argmin_k0");
  if (!entry)
    return 2;
  entry[strlen("naive_argmin_k")] = 'X';
  create("create with a missing entry", ptx, json);

  uint64_t ptr = 0;
  error = NULL;
  rc = fusec_rt_malloc(0, 1ull << 50, &ptr, &error);
  show("malloc 2^50 bytes", rc, error);
  if (rc == FUSEC_RT_SUCCESS)
    fusec_rt_free(0, ptr, NULL);
  error = NULL;
  rc = fusec_rt_malloc(1000, 256, &ptr, &error);
  show("malloc on device 1000", rc, error);

  free(ptx);
  free(json);
  printf("runtime-driver: survived\n");
  return 0;
}
