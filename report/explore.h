/* explore: the search behind `erep report`, a client of the product core
 * and its CEGAR rounds (analysis/cegar.h) with the explicit-value domain; a
 * state whose automaton part enters __TRUE (safe cone) or __FALSE
 * (frontier) ends a candidate trace, which Z3 must prove feasible before it
 * is reported. This module turns what the search decides into the report
 * model: traces from ARG paths, per-location bookkeeping, completeness,
 * warnings and statistics.
 *
 * With `predicate`, the predicate domain (analysis/pred.h) takes the value
 * domain's place: its precision is predicates per location, refined from
 * the same infeasible candidates. Unless `sbe`, the CFA is summarised into
 * large blocks (program/lbe.h) stepped in product with the automaton
 * (analysis/pblock.h), and two passes come first: the tree of product
 * paths without abstraction (analysis/exact.h), then at a cycle symbolic
 * execution (the solver cutting branches, loops unrolled) within a state
 * budget; the predicate analysis starts where they do not settle it.
 *
 * The value domain tracks only the variables in its precision. It starts
 * empty; an infeasible candidate adds the variables that explain it
 * (explicit-value CEGAR, Beyer & Löwe, FASE 2013) and the search restarts,
 * keeping the traces it has. Every precision over-approximates the program,
 * so a location into which no candidate remains after refinement has no
 * feasible trace; a component is full only when every candidate location
 * ended with a feasible trace or was refined away and the search finished. */
#ifndef EREP_EXPLORE_H
#define EREP_EXPLORE_H

#include "program/aastep.h"
#include "program/cfa.h"
#include "lib/lim.h"
#include "report/report.h"

#include <stdatomic.h>
#include <stdbool.h>

typedef struct {
  bool want[2];               /* REP_SAFE, REP_FRONTIER */
  double time_limit;          /* seconds, <= 0: none */
  unsigned long memory_limit; /* MB, 0: none */
  unsigned long max_states;   /* 0: none */
  unsigned traces_per_location;
  unsigned max_refinements;
  unsigned solver_timeout_ms;
  bool dfs;               /* wait-list order (default breadth-first) */
  /* the predicate domain (analysis/pred.h, Cartesian abstraction at every
   * node) instead of explicit values; the caller checks pred_supported */
  bool predicate;
  /* with `predicate`: explore the CFA edge by edge; by default large
   * blocks (program/lbe.h) in product with the automaton (pblock.h) */
  bool sbe;
  bool bdd; /* with `predicate`: states as BDDs (pred_dom_use_bdd) */
  const atomic_int *stop; /* nonzero: stop (set by lib/sigwatch) */
  /* the command's clock: time_limit counts from its start (loading and
   * the fit measurement are in it); NULL: from xp_run's start */
  const lim *run;
  bool progress;          /* progress line on stderr */
  /* called for each trace as it is found (may be NULL) */
  void (*on_trace)(const rep_trace *t, void *arg);
  void *arg;
} xp_options;

/* Ask the running search's solver to give up its current check (from
 * another thread, after setting *stop; the search then stops at its next
 * state). A no-op when no search runs. */
void xp_interrupt(void);

/* Run the search and fill r (traces, components, stats, warnings). */
void xp_run(const cfa *g, const as_view *v, const xp_options *o, rep_report *r);

#endif
