/* libFuzzer target: the C front end (libclang, then erep's CFA builder) on
 * arbitrary bytes as a C file. Besides crashes, leaks and hangs it checks
 * that a failure always says why and that a CFA holds together: edges and
 * nodes link both ways, counts agree, every source range lies inside the
 * source, and printing it as text works. `make fuzz-cfa` builds and
 * runs it. */
#include "program/cfa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_CHECK(c)                                                            \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "fuzz_cfa: %s:%d: %s\n", __FILE__, __LINE__, #c);        \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* Headers come from the disk, not from the input: an #include of
 * /dev/zero, a FIFO or a big system header would test the disk, not the
 * front end. Backslash-newlines are removed first, since they can split
 * the word. */
static int fz_includes(const unsigned char *d, size_t n) {
  char *s = malloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (d[i] == '\\' && i + 1 < n && (d[i + 1] == '\n' || d[i + 1] == '\r')) {
      i++;
      if (d[i] == '\r' && i + 1 < n && d[i + 1] == '\n') i++;
      continue;
    }
    s[k++] = (char)d[i];
  }
  s[k] = 0;
  int r = strstr(s, "include") || strstr(s, "import") || strstr(s, "embed");
  free(s);
  return r;
}

static void fz_check_loc(const cfa *g, const cfa_loc *l) {
  FZ_CHECK(l->offset <= l->end_offset && l->end_offset <= g->source_len);
}

static void fz_check(const cfa *g) {
  FZ_CHECK(g->start && g->main && g->main->entry);
  FZ_CHECK(g->source && g->source_len == strlen(g->source));
  for (size_t i = 0; i < g->nodes.len; i++) {
    const cfa_node *n = g->nodes.data[i];
    FZ_CHECK(n->id == i);
    unsigned k = 0;
    for (const cfa_edge *e = n->out; e; e = e->next_out, k++)
      FZ_CHECK(e->from == n);
    FZ_CHECK(k == n->nout);
    k = 0;
    for (const cfa_edge *e = n->in; e; e = e->next_in, k++)
      FZ_CHECK(e->to == n);
    FZ_CHECK(k == n->nin);
  }
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    FZ_CHECK(e->id == i && e->raw && e->raw_old);
    FZ_CHECK(e->from->id < g->nodes.len &&
             g->nodes.data[e->from->id] == e->from);
    FZ_CHECK(e->to->id < g->nodes.len && g->nodes.data[e->to->id] == e->to);
    fz_check_loc(g, &e->loc);
    if (e->kind == CFA_CALL) FZ_CHECK(e->callee);
  }
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_function *f = g->functions.data[i];
    FZ_CHECK(f->name && f->entry && f->exit);
  }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  static FILE *null;
  if (!null) null = fopen("/dev/null", "w");
  if (fz_includes(data, size)) return 0;
  char *err = NULL;
  /* both data models, by the input's size: -m32 and -m64 differ in types */
  cfa *g = cfa_build_source("fuzz.c", (const char *)data, size,
                            size % 2 ? CFA_LP64 : CFA_ILP32, &err);
  if (!g) {
    FZ_CHECK(err && *err); /* a failure always says why */
    mem_free(err);
    return 0;
  }
  FZ_CHECK(!err);
  fz_check(g);
  cfa_print_summary(g, null);
  cfa_print_edges(g, null);
  cfa_free(g);
  return 0;
}
