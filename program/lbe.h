/* lbe: large-block encoding of a CFA (Beyer, Cimatti, Griggio, Keremoglu,
 * Sebastiani, "Software model checking via large-block encoding", FMCAD
 * 2009, section III: CFA summarisation).
 *
 * lbe_summarise makes a second CFA whose edges summarise loop-free parts
 * of the original: rule 0 (error sink: an error location has no
 * successors) once, then rule 1 (sequence: a node with exactly one
 * incoming edge from another node is removed, the edge prepended to each
 * of its outgoing ones) and rule 2 (choice: parallel edges between two
 * nodes become one) to a fixpoint. Each resulting edge that stands for
 * more than one original edge is a CFA_BLOCK edge whose `block` lists the
 * original edges it summarises (a DAG from the original of its source to
 * that of its target; cfa.h says in which order); an edge standing for a
 * single original edge is a copy of it (same kind, raw texts and
 * expressions; `orig` points to it). The block means "some path of its
 * edges from source to target" (smt.h encodes it as one step).
 *
 * Nodes never removed (kept): the program start, function entries and
 * exits, loop heads and every other target of a back edge of a depth-first
 * search (gotos), error locations, abort()/exit() nodes and other nodes
 * without successors, both ends of call and return edges (which stay
 * single edges), both ends of edges no analysis models or that are control
 * flow the CFA lacks (unsupported, unsupported_flow), both ends of the
 * declarations of static locals and of aggregates with an initialiser
 * (their encoding is not guarded), and nodes whose successors are not one
 * edge or a pair of assume edges on one condition (so that the edges of a
 * block leaving one node are exclusive: at most one is taken). Nodes that
 * no path from the start or a function entry reaches after rule 0 are
 * dropped. Rules 1 and 2 may keep more nodes (joins of blocks from
 * different sources).
 *
 * The summarised CFA h is explored like any CFA: its nodes have out/in
 * lists, `function` (h's copies of g's functions, whose entry and exit are
 * h's nodes; exit is NULL when g's is not in g->nodes, for a function that
 * never returns), and the flags of the original (is_loop_head also on back-edge
 * targets); h->start and h->main are the copies of g's. Node ids are the
 * original's: h->nodes has a node for every node of g at the same index,
 * and those summarised away are `absorbed` (no edges). Edge ids are h's
 * own (dense). Calls' `callee` and returns' `call` point into h.
 *
 * Ownership: h owns its arena (nodes, edges, function copies, block
 * arrays) and its vectors; it borrows everything else from g: variables
 * (h->vars lists g's), expressions, raw texts, types, the program text,
 * the original edges in blocks. Free h with cfa_free before g. */
#ifndef EREP_LBE_H
#define EREP_LBE_H

#include "cfa.h"

#include <stdio.h>

/* The summarised CFA of g, or NULL with a message in *err (mem_free) when
 * the summary is not a DAG per block (not expected: every cycle has a
 * kept node). */
cfa *lbe_summarise(const cfa *g, char **err);
/* The same, where the edges of g marked in single (by edge id; NULL: none)
 * stay single edges with kept ends, as calls do (an automaton's ASSUME is
 * taken right after them: program/psi.h). */
cfa *lbe_summarise_keep(const cfa *g, const unsigned char *single,
                        char **err);

typedef struct {
  size_t nodes;       /* not absorbed */
  size_t edges;       /* all edges of h */
  size_t blocks;      /* CFA_BLOCK edges among them */
  size_t block_edges; /* original edges in blocks (with repetitions) */
  size_t max_block;   /* most original edges in one block */
} lbe_figures;

/* The figures of g and h as printed by `erep cfa --lbe`, then one line per
 * function: its nodes in h. */
void lbe_print_summary(const cfa *g, const cfa *h, FILE *out);

#endif
