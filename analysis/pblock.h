/* pblock: large blocks in product with an assumption automaton.
 *
 * The automaton of `erep report` steps once per edge of the original CFA,
 * so a large block (program/lbe.h) cannot be matched as a whole: two
 * paths through one block may leave the automaton in different states, or
 * enter a sink half-way. pb_exits runs the automaton over the block's DAG
 * (its local product: pairs of an original node and an automaton state,
 * built in the block's topological order) and cuts the block into one
 * restricted block per way of leaving it:
 *  - an exit at the block's target in a state that is not a sink: the
 *    paths of the block that end there in that state;
 *  - a sink entered inside the block (or at its target): the paths from
 *    the block's source to where the automaton entered that sink, which
 *    may be a node the summarised CFA absorbed.
 * A restricted block is a CFA_BLOCK edge from the block's source to the
 * exit's node of the summarised CFA; its DAG is made of copies of the
 * original edges between copies of the original nodes (one copy per pair
 * in the local product, cfa_edge.block_from/block_to), so the encoding
 * (smt.h) and the expansion of a model into statements see exactly the
 * paths that lead to that exit. Copies keep the original's id, kind and
 * texts, point to it through `orig`, and pb_inner gives the automaton
 * states around each. Restricted blocks get edge ids above the CFA's own,
 * distinct per block, entry state and exit.
 *
 * A sink reached by epsilon moves before an edge is an exit whose path
 * ends at that edge's source; one reached so at the block's source itself
 * has no block (e NULL, `before`). Transitions that STOP end their paths.
 *
 * Ownership: the cache owns its local products, copies and restricted
 * blocks (one arena), which live until pb_free; it borrows the summarised
 * CFA and the automaton view, which must outlive it. */
#ifndef EREP_PBLOCK_H
#define EREP_PBLOCK_H

#include "program/aastep.h"
#include "program/cfa.h"

#include <stdbool.h>
#include <stddef.h>

/* One step of the automaton inside a block: the original edge, and the
 * step taken on it from the state before. */
typedef struct {
  const cfa_edge *e;
  unsigned q; /* state before the edge */
  as_step s;
} pb_step;

typedef struct {
  const cfa_edge *e; /* the restricted block; NULL when `before` */
  as_step step;      /* the automaton step that ends it (its target) */
  bool sink, is_true;
  bool before;            /* a sink before the block's first edge */
  const pb_step *const *steps; /* the steps on the restricted block's edges */
  size_t nsteps;
} pb_exit;

typedef struct pb_cache pb_cache;

/* A cache for the blocks of h (a CFA made by lbe_summarise) with the
 * automaton v. */
pb_cache *pb_new(const cfa *h, const as_view *v);
void pb_free(pb_cache *c);

/* The exits of block b (a CFA_BLOCK edge of h) entered in automaton state
 * q: *n of them, in a fixed order (computed once per b and q). */
const pb_exit *pb_exits(pb_cache *c, const cfa_edge *b, unsigned q, size_t *n);

/* For an edge of a restricted block's DAG (a copy): the step on it;
 * NULL for any other edge. */
const pb_step *pb_inner(const pb_cache *c, const cfa_edge *copy);

#endif
