// The JIT's C API, from C: compile-only use (no GPU needed), the cache, and
// errors as values.
// RUN: %cc -std=c99 -Wall -Werror %s -I%fusec_src/include -I%fusec_src/runtime/include -L%fusec_obj/lib -lfusec_jit -lfusec_runtime -Wl,-rpath,%fusec_obj/lib -o %t
// RUN: rm -rf %t.cache
// RUN: env FUSEC_CACHE_DIR=%t.cache %t %examples/naive_argmin.mlir %S/Inputs/bad.mlir | FileCheck %s
// A second process finds the PTX on disk.
// RUN: env FUSEC_CACHE_DIR=%t.cache %t %examples/naive_argmin.mlir %S/Inputs/bad.mlir | FileCheck %s --check-prefix=DISK
// DISK: stats: compiles=0 memory_hits=1 disk_hits=1
// CHECK: create: 0
// CHECK-NEXT: ptx: 0 entry=1 launch=1
// CHECK-NEXT: again: 0 same=1
// CHECK-NEXT: stats: compiles=1 memory_hits=1 disk_hits=0
// CHECK-NEXT: bad: 1 error mentions line: 1
// CHECK-NEXT: null: 1

#include "fusec/JIT/fusec_jit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../BadInputs/Inputs/read-file.h"

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  char *good = readFile(argv[1]);
  char *bad = readFile(argv[2]);
  if (!good || !bad)
    return 2;

  fusec_jit *jit = NULL;
  char *error = NULL;
  int rc = fusec_jit_create("sm_90", 0, /*compile_only=*/1, &jit, &error);
  printf("create: %d\n", rc);

  char *ptx = NULL;
  rc = fusec_jit_compile_to_ptx(jit, good, &ptx, &error);
  printf("ptx: %d entry=%d launch=%d\n", rc, strstr(ptx, ".entry") != NULL,
         strstr(ptx, "// fusec-launch: ") != NULL);

  char *again = NULL;
  rc = fusec_jit_compile_to_ptx(jit, good, &again, &error);
  printf("again: %d same=%d\n", rc, strcmp(ptx, again) == 0);

  unsigned long long hits = 0, disk = 0, compiles = 0;
  fusec_jit_stats(jit, &hits, &disk, &compiles);
  printf("stats: compiles=%llu memory_hits=%llu disk_hits=%llu\n", compiles,
         hits, disk);

  char *nothing = NULL;
  rc = fusec_jit_compile_to_ptx(jit, bad, &nothing, &error);
  printf("bad: %d error mentions line: %d\n", rc,
         error && strstr(error, "fusec-jit-input:2:21: error: ") != NULL);
  fusec_rt_free_error(error);
  error = NULL;

  rc = fusec_jit_compile_to_ptx(NULL, good, &nothing, &error);
  printf("null: %d\n", rc);
  fusec_rt_free_error(error);

  fusec_rt_free_error(ptx);
  fusec_rt_free_error(again);
  fusec_jit_destroy(jit);
  free(good);
  free(bad);
  return 0;
}
