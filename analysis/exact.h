/* exact: the domain that abstracts nothing. Every post is a new state, so
 * no two ARG nodes are equal and none covers another: the ARG is the tree
 * of the product's paths (of the summarised CFA's edges and the restricted
 * blocks of pblock.h, which already join the paths that leave a block in
 * one automaton state). A candidate's path formula is then exactly its
 * product path, and the union of the candidates at a location is every
 * path there: an infeasible candidate is ruled out, with no refinement.
 *
 * The tree is finite only when no path repeats a product location (CFA
 * node, call stack and automaton state): pair it with pr_options.acyclic,
 * which stops the search at the first repetition (an automaton with a
 * cycle, a loop the automaton does not count). The search state is one
 * counter; states are freed by the pr_states table (exact_domain.release).
 *
 * What it costs: no pruning of infeasible branches (every branch is
 * followed until the automaton ends the path), so the tree is as large as
 * the product's paths; a client bounds it with a state budget. */
#ifndef EREP_EXACT_H
#define EREP_EXACT_H

#include "product.h"

#include <stdint.h>

typedef struct {
  uint64_t next; /* ids of the states made so far */
} exact_dom;

void exact_dom_init(exact_dom *d);

extern const pr_domain exact_domain;

#endif
