/* verify: erep's own verifier behind `erep verify`, a client of the product
 * core and its CEGAR rounds (analysis/cegar.h) without an automaton: the
 * property is that no error location (calls of reach_error,
 * __VERIFIER_error, __assert_fail and labels ERROR, cfa_node.is_error) is
 * reachable. Two domains: predicate abstraction (analysis/pred.h, the
 * default) and explicit values with their CEGAR (analysis/value.h).
 *
 * Verdicts (never a wrong one; UNKNOWN is always allowed):
 *  - FALSE only with a path to an error location that Z3 proved feasible on
 *    the bit-precise encoding (smt_check, obligations included), whose
 *    inputs are the model; it goes into the report model as a frontier
 *    trace (so that `erep tests` and tests/replay.sh run it under gcc);
 *  - TRUE only when the search finished with no construct the encoding
 *    does not model met, no solver without an answer, no call cut by the
 *    stack bound and no candidate left open;
 *  - UNKNOWN with the reason otherwise (a limit, a signal, refinement that
 *    found no new predicate, an unsupported construct, ...).
 *
 * Ownership: the CFA is borrowed; the result's strings are owned by it
 * (vf_result_free), the trace by the report it was added to. */
#ifndef EREP_VERIFY_H
#define EREP_VERIFY_H

#include "program/cfa.h"
#include "report/report.h"

#include <stdatomic.h>
#include <stdbool.h>

typedef enum { VF_TRUE, VF_FALSE, VF_UNKNOWN } vf_verdict;

typedef struct {
  bool explicit_values;       /* --analysis explicit; else predicate */
  bool sbe;                   /* single-block encoding (Cartesian) */
  bool bdd;                   /* predicate states as BDDs (pred_dom_use_bdd) */
  double time_limit;          /* seconds, <= 0: none */
  unsigned long memory_limit; /* MB, 0: none */
  unsigned long max_states;   /* 0: none */
  unsigned max_refinements;
  unsigned solver_timeout_ms;
  const atomic_int *stop; /* nonzero: stop (lib/sigwatch) */
  /* the predicate analysis starts a new search from the root after each
   * refinement instead of cutting the ARG back (cegar.h lazy); for
   * comparison in tests */
  bool restart;
  /* skip the symbolic pass before the analysis (a later analysis of
   * `--analysis auto`, after a first one that ran it) */
  bool no_symbolic;
  /* NULL, or called before each expansion (so: cheap, and throttled by the
   * callee) with the pass ("symbolic execution" first, then NULL for the
   * analysis itself), the states and the refinements so far */
  void (*progress)(void *arg, const char *pass, unsigned long states,
                   unsigned long refinements);
  void *progress_arg;
} vf_options;

typedef struct {
  vf_verdict verdict;
  char *reason; /* UNKNOWN: why (mem_alloc'ed); else NULL */
  const rep_trace *cex; /* FALSE: the counterexample (in the report) */
  /* statistics */
  unsigned long states;      /* ARG nodes over all rounds */
  unsigned long last_states; /* of the final ARG (not cut away) */
  unsigned long refinements, infeasible;
  unsigned long stale; /* infeasible paths cut back as stale (cegar.h) */
  unsigned long predicates, pred_locations; /* predicate domain */
  /* locations whose Boolean abstraction became exact (pred.h) */
  unsigned long exact_locations;
  unsigned long abstractions, cache_hits, shortcuts;
  unsigned long solver_calls;
  double solver_seconds; /* in solver checks (both contexts) */
  double abstraction_seconds, wall_seconds;
  bool lbe; /* the search ran on the summarised CFA */
  bool bdd; /* the predicate domain's states were BDDs (BuDDy started) */
  /* the verdict came from symbolic execution over the (summarised) CFA,
   * tried first with a state budget (report/verify.c), not from the
   * domain's search */
  bool symbolic;
  /* the symbolic pass ran and handed over (a cycle, its state budget):
   * another analysis after this one need not run it again */
  bool symbolic_handed;
  /* UNKNOWN: the limit that stopped the search ("time", "states",
   * "memory", "signal"; static), NULL when it ended for another reason */
  const char *stopped_by;
} vf_result;

const char *vf_verdict_name(vf_verdict v); /* "TRUE", "FALSE", "UNKNOWN" */

/* Verify g; the counterexample (if any) and statistics go into r (whose
 * header the caller filled). */
void vf_run(const cfa *g, const vf_options *o, rep_report *r, vf_result *res);
void vf_result_free(vf_result *res);

/* Ask the running search's solvers to give up their checks (from another
 * thread, after setting *stop). A no-op when no search runs. */
void vf_interrupt(void);

#endif
