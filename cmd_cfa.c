/* erep cfa PROGRAM [--dot] [--lbe]: the CFA as erep sees it (with --lbe:
 * summarised by large-block encoding, program/lbe.h); --dot draws it with
 * report/dot.h, the writer of `erep dot --view cfa`. */
#include "program/cfa.h"
#include "program/lbe.h"
#include "commands.h"
#include "lib/esc.h"
#include "report/dot.h"
#include "setup.h"

#include <stdio.h>

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
    dot_graph *d = dot_build_cfa(h ? h : g);
    if (dot_render(d, DOT_FMT_DOT, stdout, &err)) {
      fprintf(stderr, "erep cfa: %s\n", err);
      mem_free(err);
      r = 1;
    }
    dot_free(d);
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
