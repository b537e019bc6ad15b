/* collect: the assumption automaton of an abstract reachability graph
 * (conditional model checking: Beyer, Henzinger, Keremoglu, Wendler, FSE
 * 2012; CPAchecker's AssumptionCollectorAlgorithm). It says what a run of
 * `erep verify` verified, in the automaton language erep and CPAchecker
 * read (formats/aa.h):
 *  - every ARG node that leads to unverified territory is a state
 *    `STATE USEFIRST ARG<id>`, with one `MATCH "<raw statement>"` per edge
 *    it took, in the order of the CFA's edges, and the catch-all
 *    `TRUE -> GOTO __TRUE` for the edges its abstract state cannot take;
 *  - a successor that is an error location (a target), was never
 *    expanded (the wait list of a stopped search), or was cut (a condition
 *    such as --path-length, a call deeper than the stack bound, a branch
 *    the solver pruned for one path only) is `__FALSE`;
 *  - a covered successor goes to the state of the node that covers it,
 *    so loops close into cycles;
 *  - a successor from which nothing unverified is reachable is `__TRUE`;
 *    the initial state is `__TRUE` when the whole program was verified;
 *  - states equal in every transition are written once (analysis/fold.h).
 * A large block (program/lbe.h) is matched edge by edge through helper
 * states `ARG<id>M<k>`, one per original node (and state of a condition
 * automaton) inside the blocks that leave the node, so that paths sharing
 * a prefix share states. Two transitions of one state with the same MATCH
 * text and different targets would let USEFIRST pick one for the other's
 * paths: both go to __FALSE instead, so the automaton never claims more
 * than the run proved.
 *
 * With `assumptions`, a transition into a state also carries what the
 * domain knows there (pr_domain.condition: the explicit analysis's values
 * of the variables in scope) as `ASSUME {x == 5 && ...}`, so that a reader
 * follows it only under those values and leaves the path open elsewhere.
 * It claims no less and no more (the values hold on every execution that
 * gets there, by the soundness below), but a reader must refute each
 * ASSUME's negation as a frontier candidate: 711 of them made `erep
 * report` on tests/data/cmc/chain.c's automaton run past ten minutes where
 * it takes 0.07 s without them. So they are written only when asked for
 * (erep verify --assumptions).
 *
 * Soundness rests on the ARG's: every node's abstract state
 * over-approximates the concrete states of the paths that reach it through
 * the automaton's transitions (its tree path, or a cover into it), so an
 * edge its state cannot take is taken by no execution that follows the
 * automaton to it.
 *
 * Ownership: the ARG and the restricted blocks are borrowed; the automaton
 * returned is the caller's (aa_free). */
#ifndef EREP_COLLECT_H
#define EREP_COLLECT_H

#include "formats/aa.h"
#include "pblock.h"
#include "product.h"

typedef struct {
  unsigned long states;      /* ARG<id> states written */
  unsigned long helpers;     /* ARG<id>M<k> states */
  unsigned long transitions; /* MATCH transitions, catch-alls aside */
  unsigned long to_false;    /* MATCH transitions into __FALSE */
  unsigned long conflicts;   /* transitions sent to __FALSE for a clash */
  unsigned long folded;      /* states equal to one written (fold.h) */
  bool fold_refused;         /* the fold failed its check (fold_check):
                                nothing folded */
  unsigned long too_big;     /* the ARG's nodes, when it had more than
                                AC_MAX_ARG_NODES: not collected (the
                                automaton claims nothing) */
} ac_figures;

/* An ARG of more nodes than this is not collected: its automaton would be
 * larger than erep reads back (formats/aa.h AA_MAX_FILE_BYTES; the
 * GraphML form takes some 280 bytes a state), and writing gigabytes would
 * outlast any time limit. The caller writes ac_nothing instead. */
#define AC_MAX_ARG_NODES 500000

/* Where the automaton enters a sink by a transition it wrote: node `from`
 * of the ARG and the edge e (of the searched CFA; a block's last edge is
 * the one that enters) into __TRUE (is_true) or __FALSE. Every execution
 * that follows the automaton into a sink does so by one of these (an edge
 * its state does not take, which the catch-all sends to __TRUE, is one no
 * execution in that state takes). `tree`: no node from the root to `from`
 * is reached by a cover, so the tree path to `from` is the only way the
 * automaton gets there: when it is infeasible, so is every trace that ends
 * here. With from NULL: the automaton starts in the sink. */
typedef struct {
  const pr_node *from;
  const cfa_edge *e;
  bool is_true, tree;
} ac_sink;
typedef VEC(ac_sink) ac_sinks;

/* What the report of the automaton needs of the ARG (erep verify
 * --report), made in ac_collect's one walk of it: the sinks, and by edge
 * id of the original CFA (taken[0..ntaken), the caller's, zeroed) a 1
 * for every edge a live node came by (a block: each of its edges, as
 * their originals), what the search visited. */
typedef struct {
  ac_sinks sinks;
  unsigned char *taken;
  size_t ntaken;
} ac_exec;

/* The automaton of ARG a (searched with pr_options.collect), or NULL with
 * *err (mem_free). pb: the restricted blocks the search followed (a
 * condition automaton with large blocks), else NULL. f and exec (its
 * sinks filled in the order of the ARG's nodes) may be NULL. by_location (may be NULL):
 * the same automaton merged by CFA location, for a later run's condition
 * (the caller's, aa_free; NULL when it could not be made): one state
 * `L<node>` per location, which cuts an edge only where every state of
 * the automaton at that location cuts it and goes to __FALSE where one of
 * them does; so it cuts less, never more, and a run restricted by it is
 * not split by this run's unrolling of loops. */
aa_automaton *ac_collect(const pr_arg *a, const pb_cache *pb,
                         bool assumptions, ac_figures *f, ac_exec *exec,
                         aa_automaton **by_location, char **err);

/* The automaton that claims nothing: every path leaves for __FALSE at its
 * first edge (a run whose ARG does not speak for the program). */
aa_automaton *ac_nothing(char **err);

#endif
