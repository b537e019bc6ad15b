/* libFuzzer target: the reader of erep swarm's plan (swarm_json.c,
 * sw_plan_from_json), which `erep swarm --collect DIR` takes from
 * DIR/swarm.json. Besides crashes, leaks and hangs it checks that a
 * failure always says why and, for whatever is accepted, that writing the
 * plan and reading it back gives the same text. `make fuzz-swarm` builds
 * and runs it. */
#include "swarm.h"

#include "lib/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_CHECK(c)                                                            \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "fuzz_swarm: %s:%d: %s\n", __FILE__, __LINE__, #c);      \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* The plan's text, with the paths the reader never takes set. */
static char *fz_text(sw_plan *p) {
  p->program = mem_strdup("prog.c");
  p->self = mem_strdup("erep");
  return sw_plan_text(p);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *err = NULL;
  sw_plan *p = sw_plan_from_json((const char *)data, size, "swarm.json", &err);
  if (!p) {
    FZ_CHECK(err && *err);
    mem_free(err);
    return 0;
  }
  FZ_CHECK(!err);
  char *t1 = fz_text(p);
  FZ_CHECK(t1);
  sw_plan *q = sw_plan_from_json(t1, strlen(t1), "again", &err);
  FZ_CHECK(q);
  char *t2 = fz_text(q);
  FZ_CHECK(t2 && !strcmp(t1, t2));
  mem_free(t1);
  mem_free(t2);
  sw_plan_free(p);
  sw_plan_free(q);
  return 0;
}
