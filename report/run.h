/* run: the one runner of erep's analyses, behind `erep report` and `erep
 * verify`. It takes a row of the analysis table (analysis/analyses.h),
 * sets up what the row asks for (large blocks, the solver contexts, the
 * domain), runs the passes without abstraction first and then the
 * domain's CEGAR rounds (analysis/cegar.h) under the run's limits, turns
 * ARG paths into report traces (one trace builder) and says how the run
 * ended with a typed stop reason (lib/stop.h).
 *
 * With an automaton (erep report), a state whose automaton part enters
 * __TRUE (safe cone) or __FALSE (frontier) ends a candidate trace, which
 * Z3 must prove feasible before it is reported. The explicit-value domain
 * tracks only the variables in its precision: it starts empty; an
 * infeasible candidate adds the variables that explain it (explicit-value
 * CEGAR, Beyer & Löwe, FASE 2013) and the search restarts, keeping the
 * traces it has. Every precision over-approximates the program, so a
 * location into which no candidate remains after refinement has no
 * feasible trace; a component is full only when every candidate location
 * ended with a feasible trace or was refined away and the search finished.
 *
 * Without an automaton (erep verify), the property is that no error
 * location (calls of reach_error, __VERIFIER_error, __assert_fail and
 * labels ERROR, cfa_node.is_error) is reachable. Verdicts (never a wrong
 * one; UNKNOWN is always allowed):
 *  - FALSE only with a path to an error location that Z3 proved feasible on
 *    the bit-precise encoding (smt_check, obligations included), whose
 *    inputs are the model; it goes into the report as a frontier trace (so
 *    that `erep tests` and tests/replay.sh run it under gcc);
 *  - TRUE only when the search finished with no construct the encoding
 *    does not model met, no solver without an answer, no call cut by the
 *    stack bound and no candidate left open;
 *  - UNKNOWN with the reason otherwise (a limit, a signal, refinement that
 *    found no new predicate, an unsupported construct, ...).
 *
 * Ownership: the CFA and automaton view are borrowed; the result's
 * strings are owned by it (rn_result_free), traces by the report. */
#ifndef EREP_RUN_H
#define EREP_RUN_H

#include "analysis/analyses.h"
#include "analysis/collect.h"
#include "lib/lim.h"
#include "lib/stop.h"
#include "program/aastep.h"
#include "program/cfa.h"
#include "report/report.h"

#include <stdatomic.h>
#include <stdbool.h>

typedef enum { RN_TRUE, RN_FALSE, RN_UNKNOWN } rn_verdict;

typedef struct {
  /* a row of analysis/analyses.h with a domain; NULL: explicit */
  const an_analysis *analysis;
  bool want[2];               /* with an automaton: REP_SAFE, REP_FRONTIER */
  unsigned traces_per_location; /* with an automaton */
  double time_limit;          /* seconds, <= 0: none */
  unsigned long memory_limit; /* MB, 0: none */
  unsigned long max_states;   /* 0: none */
  unsigned max_refinements;
  unsigned solver_timeout_ms;
  bool dfs; /* wait-list order (default breadth-first) */
  /* erep verify: breadth-first even where the analysis searches
   * depth-first (an_analysis.dfs; --order bfs) */
  bool bfs;
  bool sbe; /* no large blocks even where the analysis wants them */
  bool bdd; /* states as BDDs where the domain can (--bdd) */
  unsigned pred_scope; /* --predicate-scope: a pred_scope (analysis/pred.h) */
  bool pred_cuts;   /* --refinement cuts */
  bool pred_newton; /* --refinement newton */
  /* without an automaton: a new search from the root after each
   * refinement instead of cutting the ARG back (cegar.h lazy); for
   * comparison in tests */
  bool restart;
  /* without an automaton: skip the symbolic pass (a later phase of a
   * composition, after a first one that ran it) */
  bool no_symbolic;
  /* the run's context: its clock (time_limit counts from its start, so
   * loading and the fit measurement are in it), its stop flag (a signal)
   * and the live solvers a signal interrupts; NULL: a context of the
   * runner's own, from rn_run's start, with no stop flag */
  lim *run;
  /* pause(pause_arg, its lim) once, at pause_at seconds of the run or at
   * its memory limit if that comes first (lim_pause; NULL: never): a
   * branch of a portfolio that leaves its core to the others */
  double pause_at;
  void (*pause)(void *arg, lim *l);
  void *pause_arg;
  /* with an automaton: a progress line on stderr (lib/progress) */
  bool progress;
  /* without: called before each expansion (so: cheap, and throttled by
   * the callee) with the pass ("symbolic execution", then NULL for the
   * analysis itself), the states and the refinements so far */
  void (*on_progress)(void *arg, const char *pass, unsigned long states,
                      unsigned long refinements);
  void *progress_arg;
  /* without an automaton (erep verify), conditional model checking:
   * conditions that cut a branch (analysis/product.h pr_options; 0: none),
   * a condition automaton that restricts the search to what an earlier
   * run left open (made with as_view_condition; NULL: none), and whether
   * to collect the automaton of what the run verified
   * (rn_result.automaton) */
  unsigned max_path_length, max_assume_edges, max_repeat;
  const char *const *omit; /* pr_options.omit (erep swarm's features) */
  size_t nomit;
  const as_view *condition;
  bool collect;
  /* ... or collect only when the search finished (no limit stopped it):
   * a phase of a composition, whose automaton is the next one's
   * condition only then */
  bool collect_finished;
  /* ... but not when the verdict is FALSE (erep verify
   * --no-false-automaton) */
  bool collect_not_false;
  /* without an automaton: full precision, no refinement, paths to error
   * locations not proved feasible left open (an_phase.open_targets) */
  bool open_targets;
  /* with collect: also the execution report of the collected automaton
   * (rn_result.exec), computed from the same ARG: per end location of
   * its sink transitions, the tree paths that end there, checked by Z3 in
   * order until one is feasible (skipping those below a prefix an unsat
   * core showed infeasible); no second search. With a time limit on the
   * run, within a budget of its own, a share of the run's time so far
   * (run.c, RN_EXEC_SHARE): cut by it, the report is partial */
  bool exec_report;
  /* with exec_report: whether the caller keeps this run's result, asked
   * once the verdict is known (v, and the limit that stopped the search or
   * STOP_NONE); a phase of a composition that another phase follows
   * computes no report, which would be thrown away. NULL: always */
  bool (*exec_kept)(void *arg, rn_verdict v, stop_reason stopped_by);
  void *exec_arg;
  /* with collect: the domain's states as ASSUMEs (collect.h) */
  bool assumptions;
  /* called for each feasible trace as it is found (may be NULL) */
  void (*on_trace)(const rep_trace *t, void *arg);
  void *arg;
  /* rn_compose: processes that may run at once; with more than one, the
   * phases of a portfolio (an_phase.portfolio) race (lib/race.h) */
  unsigned jobs;
} rn_options;

typedef struct {
  /* without an automaton */
  rn_verdict verdict;
  char *reason;         /* UNKNOWN: why (mem_alloc'ed); else NULL */
  const rep_trace *cex; /* FALSE: the counterexample (in the report) */
  /* UNKNOWN: the limit that stopped the search (STOP_TIME, STOP_STATES,
   * STOP_MEMORY, STOP_SIGNAL), STOP_NONE when it ended for another reason */
  stop_reason stopped_by;
  /* statistics */
  unsigned long states;      /* ARG nodes over all rounds */
  unsigned long last_states; /* of the final ARG (not cut away) */
  unsigned long refinements, infeasible;
  unsigned long stale; /* infeasible paths cut back as stale (cegar.h) */
  an_figures dom;      /* the domain's own */
  unsigned long solver_calls;
  double solver_seconds; /* in solver checks (all contexts) */
  double wall_seconds;
  bool lbe; /* the search ran on the summarised CFA */
  /* the verdict came from symbolic execution over the (summarised) CFA,
   * tried first with a state budget, not from the domain's search */
  bool symbolic;
  /* the symbolic pass ran and handed over (a cycle, its state budget):
   * another analysis after this one need not run it again */
  bool symbolic_handed;
  /* rn_options.collect: what the run verified as an assumption automaton
   * (analysis/collect.h; owned, rn_result_free), NULL when it could not
   * be made (automaton_error says why, owned) */
  aa_automaton *automaton;
  char *automaton_error;
  /* with collect_finished: the automaton merged by location
   * (analysis/collect.h), the next phase's condition (owned) */
  aa_automaton *condition;
  ac_figures collected;
  /* rn_options.exec_report: the report (owned, rn_result_free); its
   * header holds the program; the caller names the automaton */
  rep_report *exec;
  double exec_seconds;
  unsigned long cut; /* branches the conditions cut (final ARG) */
  unsigned long omitted; /* ... of them calls of omitted functions */
  /* rn_compose with a portfolio: in the parent, a child won and goes on
   * with the command (its output, its files): the parent ends with
   * exit_status (the child's) and says nothing; in the winning child,
   * race_in_child() holds. cpu_others: CPU seconds of the other processes
   * (the parent before the race, the other branches). */
  bool delegated;
  int exit_status;
  double cpu_others;
  /* rn_compose: the row whose run this result is */
  const an_analysis *analysis;
} rn_result;

const char *rn_verdict_name(rn_verdict v); /* "TRUE", "FALSE", "UNKNOWN" */

/* Run o->analysis on g, with the automaton v (erep report: traces and
 * components) or without (v NULL, erep verify: the verdict in res); fills
 * r (whose header the caller wrote). res may be NULL with an automaton. */
void rn_run(const cfa *g, const as_view *v, const rn_options *o,
            rep_report *r, rn_result *res);
void rn_result_free(rn_result *res);

/* With an automaton: why o->analysis cannot run on g at all (mem_free), or
 * NULL. A program its domain does not model gets the search without
 * abstraction over large blocks instead; that needs the large blocks
 * (not --sbe) and a CFA without calls clang dropped. */
char *rn_refusal(const cfa *g, const rn_options *o);

/* What one phase of a composition said (rn_compose). */
typedef struct {
  const an_analysis *analysis;
  rn_verdict verdict;
  char *reason; /* UNKNOWN: why (owned; rn_phases_free) */
  double seconds;
  bool by_time; /* stopped by its time limit */
  /* it verified what the phase before it left open (that phase's
   * automaton as its condition) */
  bool conditioned;
  /* ... with that automaton as written, not merged by location
   * (an_phase.unmerged) */
  bool unmerged;
  /* > 0: its solver checks had at most this many ms (an_phase.check_share) */
  unsigned check_ms;
  /* seconds it waited in a portfolio for a core (race_yield) */
  double waited;
} rn_phase;

#define RN_MAX_PHASES 8

/* The rows a composition runs: its phases, or the row itself. With --sbe
 * (single blocks are a matter of the analyses with large blocks) a
 * composition runs only its phases that have large blocks. */
size_t rn_plan(const an_analysis *a, bool sbe, bool jobs_many,
               const an_analysis *plan[RN_MAX_PHASES],
               const an_phase *phase[RN_MAX_PHASES]);

/* Without an automaton: run the row `a` on g, a composition phase after
 * phase, each from scratch on a new report from new_report(arg, row), until
 * one decides or the run's own limits (o->run: a signal, its time, memory)
 * are reached. A phase gets its share of the time limit o->time_limit
 * (counted from o->run's start) and skips the symbolic pass once one
 * handed over. Returns the last phase's report (the caller's) and result;
 * ran[0..*nran) what each phase said. */
rep_report *rn_compose(const cfa *g, const an_analysis *a, const rn_options *o,
                       rep_report *(*new_report)(void *arg,
                                                 const an_analysis *row),
                       void *arg, rn_result *res, rn_phase ran[RN_MAX_PHASES],
                       size_t *nran);
void rn_phases_free(rn_phase *ran, size_t n);

#endif
