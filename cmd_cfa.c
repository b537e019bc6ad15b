/* erep cfa PROGRAM [--dot] [--lbe]: the CFA as erep sees it (with --lbe:
 * summarised by large-block encoding, program/lbe.h). */
#include "program/cfa.h"
#include "program/lbe.h"
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
  cfa *h = 0;
  if (o->lbe && !(h = lbe_summarise(g, &err))) {
    esc_fprintf(stderr, 0, "erep cfa: %s\n", err);
    mem_free(err);
    cfa_free(g);
    return ST_BAD_INPUT;
  }
  if (o->dot) {
    if (cfa_write_dot(h ? h : g, stdout)) {
      fprintf(stderr, "erep cfa: writing DOT: %s\n", strerror(errno));
      r = 1;
    }
  } else if (h) {
    lbe_print_summary(g, h, stdout);
    if (o->verbose) cfa_print_edges(h, stdout);
  } else {
    cfa_print_summary(g, stdout);
    if (o->verbose) cfa_print_edges(g, stdout);
  }
  if (fflush(stdout)) r = 1;
  cfa_free(h);
  cfa_free(g);
  return r;
}
