/* erep cfa PROGRAM [--dot]: the CFA as erep sees it. */
#include "analyzer/cfa.h"
#include "commands.h"
#include "lib/esc.h"
#include "setup.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

erep_status cmd_cfa(const erep_opts *o) {
  cfa_data_model dm = su_data_model(o);
  char *err;
  cfa *g = cfa_build(o->pos[0], dm, &err);
  if (!g) {
    esc_fprintf(stderr, 0, "erep cfa: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  int r = 0;
  if (o->dot) {
    if (cfa_write_dot(g, stdout)) {
      fprintf(stderr, "erep cfa: writing DOT: %s\n", strerror(errno));
      r = 1;
    }
  } else {
    cfa_print_summary(g, stdout);
    if (o->verbose) cfa_print_edges(g, stdout);
  }
  if (fflush(stdout)) r = 1;
  cfa_free(g);
  return r;
}
