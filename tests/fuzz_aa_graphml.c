/* libFuzzer target: the GraphML reader (libxml2 underneath, with entities
 * and network off). Whatever parses must write as text and GraphML and
 * read back to the same text. `make fuzz` builds and runs it. */
#include "formats/aa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *fz_text(const aa_automaton *a, size_t *n) {
  char *buf = NULL, *err = NULL;
  FILE *f = open_memstream(&buf, n);
  if (aa_write_text(a, f, &err)) abort();
  fclose(f);
  return buf;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *err = NULL;
  aa_automaton *a = aa_parse_graphml((const char *)data, size, "fuzz", &err);
  if (!a) {
    if (!err) abort();
    mem_free(err);
    return 0;
  }
  size_t n1, n2, n3;
  char *t1 = fz_text(a, &n1);
  aa_automaton *b = aa_parse_text(t1, n1, "fuzz.txt", &err);
  if (!b) {
    fprintf(stderr, "written text does not parse: %s\n", err);
    abort();
  }
  char *t2 = fz_text(b, &n2);
  if (n1 != n2 || memcmp(t1, t2, n1)) abort();
  char *g = NULL;
  size_t gn = 0;
  FILE *f = open_memstream(&g, &gn);
  int r = aa_write_graphml(a, f, &err);
  fclose(f);
  if (r) {
    mem_free(err);
  } else {
    aa_automaton *c = aa_parse_graphml(g, gn, "fuzz-1.graphml", &err);
    if (!c) {
      fprintf(stderr, "written GraphML does not parse: %s\n", err);
      abort();
    }
    char *t3 = fz_text(c, &n3);
    if (n1 != n3 || memcmp(t1, t3, n1)) abort();
    free(t3);
    aa_free(c);
  }
  free(g);
  free(t1);
  free(t2);
  aa_free(b);
  aa_free(a);
  return 0;
}
