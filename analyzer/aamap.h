/* aamap: how an automaton's transitions map onto the CFA, measured along
 * the product of CFA (location, call stack) and automaton, without data:
 * every edge is taken, so this is the most the automaton can be asked to
 * match. Behind `erep match`. */
#ifndef EREP_AAMAP_H
#define EREP_AAMAP_H

#include "aastep.h"
#include "cfa.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  const char *state;  /* automaton state */
  unsigned aa_line;   /* line of the transition */
  const char *text;   /* MATCH text */
} am_unmatched;

typedef struct {
  const char *kind;    /* "near-miss", "unsupported-trigger", "partial" */
  const char *state;
  unsigned aa_line;    /* transition line (0: none) */
  unsigned line;       /* program line of the edge (0: none) */
  char *message;       /* owned */
} am_warning;

typedef struct {
  unsigned long states, transitions;
  unsigned long match_reached, match_matched;
  unsigned long by_rule[4];   /* rm_kind: exact, exact-old, normalised */
  unsigned long epsilon;      /* "" transitions taken without an edge */
  unsigned long stutters;     /* our "" edges the automaton stayed on */
  unsigned long catchalls, near_misses;
  unsigned long product_states;
  /* CFA locations where the product (without data) enters __TRUE and
   * __FALSE: the most end locations S and F can have */
  unsigned long sink_locations[2];
  bool complete;              /* the product was explored to the end */
  VEC(am_unmatched) unmatched;
  VEC(am_warning) warnings;
} am_result;

/* Explore the product (at most max_states states, 0: no bound). */
void am_run(const cfa *g, const as_view *v, unsigned long max_states, am_result *r);
void am_result_free(am_result *r);

#endif
