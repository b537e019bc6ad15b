/* libFuzzer target: the report reader (report/rjson.c, rj_read), the one
 * door through which tests, browse, dot and diff take a report. Besides
 * crashes, leaks and hangs it checks that a failure always says why and
 * the reader's contract on whatever is accepted: writing the report, then
 * reading and writing it again, gives the same bytes. The input goes
 * through a memfd so that rj_read is exercised as the commands call it
 * (file_read, the JSON arena). `make fuzz-report` builds and runs it. */
#define _GNU_SOURCE
#include "report/rjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FZ_CHECK(c)                                                            \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "fuzz_report: %s:%d: %s\n", __FILE__, __LINE__, #c);     \
      abort();                                                                 \
    }                                                                          \
  } while (0)

static int fz_fd = -1;
static char fz_path[64];

/* Puts `size` bytes in the memfd that fz_path names. */
static void fz_store(const void *data, size_t size) {
  if (fz_fd < 0) {
    fz_fd = memfd_create("fuzz_report", MFD_CLOEXEC);
    FZ_CHECK(fz_fd >= 0);
    snprintf(fz_path, sizeof fz_path, "/proc/self/fd/%d", fz_fd);
  }
  FZ_CHECK(ftruncate(fz_fd, 0) == 0);
  FZ_CHECK(pwrite(fz_fd, data, size, 0) == (ssize_t)size);
}

/* The report as the writer prints it (malloc'd). */
static char *fz_dump(const rep_report *r) {
  json_t *j = rj_to_json(r);
  FZ_CHECK(j);
  char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  FZ_CHECK(s);
  json_decref(j);
  return s;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *err = NULL;
  fz_store(data, size);
  rep_report *r = rj_read(fz_path, &err);
  if (!r) {
    FZ_CHECK(err); /* a failure always says why */
    mem_free(err);
    return 0;
  }
  char *s1 = fz_dump(r);
  fz_store(s1, strlen(s1));
  rep_report *r2 = rj_read(fz_path, &err);
  if (!r2) {
    fprintf(stderr, "fuzz_report: the written report does not read: %s\n", err);
    abort();
  }
  char *s2 = fz_dump(r2);
  if (strcmp(s1, s2)) {
    fprintf(stderr, "fuzz_report: write-read-write differs:\n%s\n---\n%s\n", s1,
            s2);
    abort();
  }
  free(s1);
  free(s2);
  rep_free(r2);
  rep_free(r);
  return 0;
}
