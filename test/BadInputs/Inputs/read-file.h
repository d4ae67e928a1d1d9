/*===- read-file.h - the C tests' whole-file reader -----------------------===*\
|*                                                                            *|
|* Part of fusec. Included by the C programs of test/BadInputs and test/JIT, *|
|* which read the PTX that fusec wrote for them.                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FUSEC_TEST_BADINPUTS_READ_FILE_H
#define FUSEC_TEST_BADINPUTS_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The file's bytes, NUL-terminated, or NULL; the caller frees them. */
static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = 0;
  fclose(f);
  return text;
}

#endif
