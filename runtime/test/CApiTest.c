/*===- CApiTest.c - the C API, compiled as C99 ----------------------------===*\
|*                                                                            *|
|* Part of fusec. fusec-rt-capi-test: uses libfusec_runtime.so through      *|
|* fusec_runtime.h from C. Without a driver, every call that needs one must *|
|* fail with FUSEC_RT_UNAVAILABLE and a message; argument errors must fail  *|
|* with FUSEC_RT_ERROR. With a driver, a program is created and destroyed.  *|
|* Prints what it sees for FileCheck and exits non-zero on a failed check.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "fusec/runtime/fusec_runtime.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                   \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static const char kPTX[] = ".version 7.0\n"
                           ".target sm_75\n"
                           ".address_size 64\n"
                           ".visible .entry k(.param .u64 p) { ret; }\n";

static const char kDesc[] =
    "{\"format\": \"fusec-launch-v1\", \"function\": \"f\", \"arch\": "
    "\"sm_75\", \"args\": [{\"name\": \"x\", \"role\": \"output\", "
    "\"dtype\": \"f32\", \"shape\": [4]}], \"steps\": [{\"kind\": "
    "\"launch\", \"entry\": \"k\", \"params\": [{\"buffer\": \"x\"}], "
    "\"grid\": [1, 1, 1], \"block\": [4, 1, 1]}]}";

/* Prints an outcome and releases its message. */
static void show(const char *what, int rc, char *error) {
  printf("%s: rc=%d %s\n", what, rc, error ? error : "(no message)");
  fusec_rt_free_error(error);
}

int main(void) {
  char *error = NULL;
  int rc = fusec_rt_driver_status(&error);
  int available = rc == FUSEC_RT_SUCCESS;
  EXPECT(available ? error == NULL : error != NULL);
  show("driver status", rc, error);
  EXPECT(rc == FUSEC_RT_SUCCESS || rc == FUSEC_RT_UNAVAILABLE);

  fusec_rt_program *program = (fusec_rt_program *)&error; /* poisoned */
  error = NULL;
  rc = fusec_rt_program_create(kPTX, kDesc, 0, &program, &error);
  if (available) {
    EXPECT(rc == FUSEC_RT_SUCCESS && program != NULL);
  } else {
    EXPECT(rc == FUSEC_RT_UNAVAILABLE && program == NULL && error != NULL);
  }
  show("create", rc, error);
  if (rc == FUSEC_RT_SUCCESS) {
    /* Launch it on a real buffer, then with a wrong dtype. */
    uint64_t ptr = 0;
    int64_t shape[1] = {4};
    fusec_rt_arg arg;
    fusec_rt_launch_stats stats = {0, 0, 0, 0};
    float host[4] = {1, 2, 3, 4};
    EXPECT(fusec_rt_malloc(0, sizeof(host), &ptr, NULL) == FUSEC_RT_SUCCESS);
    EXPECT(fusec_rt_memcpy_htod(0, ptr, host, sizeof(host), NULL) ==
           FUSEC_RT_SUCCESS);
    arg.ptr = ptr;
    arg.dtype = FUSEC_RT_F32;
    arg.rank = 1;
    arg.shape = shape;
    error = NULL;
    rc = fusec_rt_program_launch(program, 1, &arg, NULL, &stats, &error);
    EXPECT(rc == FUSEC_RT_SUCCESS && stats.kernels == 1);
    show("launch", rc, error);
    EXPECT(fusec_rt_synchronize(0, NULL, NULL) == FUSEC_RT_SUCCESS);
    EXPECT(fusec_rt_memcpy_dtoh(0, host, ptr, sizeof(host), NULL) ==
           FUSEC_RT_SUCCESS);
    EXPECT(host[3] == 4);
    arg.dtype = FUSEC_RT_I32;
    error = NULL;
    rc = fusec_rt_program_launch(program, 1, &arg, NULL, NULL, &error);
    EXPECT(rc == FUSEC_RT_ERROR);
    show("launch with a wrong dtype", rc, error);
    EXPECT(fusec_rt_free(0, ptr, NULL) == FUSEC_RT_SUCCESS);
    fusec_rt_program_destroy(program);
  }
  fusec_rt_program_destroy(NULL);

  /* Errors that do not depend on the driver. */
  error = NULL;
  rc = fusec_rt_program_create(kPTX, "{\"format\": 1}", 0, &program, &error);
  EXPECT(rc == FUSEC_RT_ERROR && program == NULL && error != NULL);
  show("create with a bad description", rc, error);

  error = NULL;
  rc = fusec_rt_program_create(NULL, kDesc, 0, &program, &error);
  EXPECT(rc == FUSEC_RT_ERROR && error != NULL);
  show("create without PTX", rc, error);

  error = NULL;
  rc = fusec_rt_program_launch(NULL, 0, NULL, NULL, NULL, &error);
  EXPECT(rc == FUSEC_RT_ERROR && error != NULL);
  show("launch without program", rc, error);

  /* A NULL error pointer is allowed. */
  rc = fusec_rt_program_create(NULL, NULL, 0, &program, NULL);
  EXPECT(rc == FUSEC_RT_ERROR);

  if (!available) {
    uint64_t ptr = 0;
    error = NULL;
    rc = fusec_rt_malloc(0, 256, &ptr, &error);
    EXPECT(rc == FUSEC_RT_UNAVAILABLE && error != NULL);
    show("malloc", rc, error);

    int count = -1;
    error = NULL;
    rc = fusec_rt_device_count(&count, &error);
    EXPECT(rc == FUSEC_RT_UNAVAILABLE && count == -1);
    show("device count", rc, error);

    error = NULL;
    rc = fusec_rt_synchronize(0, NULL, &error);
    EXPECT(rc == FUSEC_RT_UNAVAILABLE);
    show("synchronize", rc, error);
  }

  /* Zero-byte allocations need no driver. */
  uint64_t empty = 1;
  EXPECT(fusec_rt_malloc(0, 0, &empty, NULL) == FUSEC_RT_SUCCESS && empty == 0);
  EXPECT(fusec_rt_free(0, 0, NULL) == FUSEC_RT_SUCCESS);
  fusec_rt_free_error(NULL);

  printf("fusec-rt-capi-test: %s\n", failures ? "FAILED" : "PASS");
  return failures ? 1 : 0;
}
