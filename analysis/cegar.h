/* cegar: counterexample-guided refinement around the product core. Each
 * round explores the product (product.h) at the domain's current
 * precision; every candidate path into an automaton sink is decided by Z3
 * on the bit-precise encoding (smt.h):
 *  - feasible: handed to the client with the model (the inputs);
 *  - infeasible: the domain refines from the path and its unsat core; if
 *    the precision grew, or the solver does not yet decide the branches the
 *    domain leaves open, a new round starts (explicit-value CEGAR, Beyer &
 *    Löwe, FASE 2013); otherwise the candidate stays open;
 *  - unknown: handed to the client with the reason.
 * Once refinement stops helping, the solver decides every branch the
 * domain leaves open ("pruning"); pruned branches are exact on a tree, but
 * a covered state then stands for paths whose own branches were not
 * checked, which the result reports (prune_incomplete).
 *
 * The client says which candidates it still wants (one trace per end
 * location, say) and when to stop (limits, signals). Ownership: the CFA,
 * automaton view, domain and smt context are borrowed. */
#ifndef EREP_CEGAR_H
#define EREP_CEGAR_H

#include "product.h"
#include "smt/smt.h"

/* A solver check is not started with less time than this left (Z3 may
 * return a little before its timeout, and a check of a millisecond says
 * nothing). */
#define CG_MIN_CHECK_SECONDS 0.01

/* Edges encoded between two looks at the clock and the stop flag while a
 * candidate's path is pushed into the solver: encoding one takes
 * microseconds (about 8 us for the statements of a counting loop, whose
 * path to the error location may have millions), so a stop is seen
 * within milliseconds. */
#define CG_SYNC_POLL 1024

typedef struct {
  void *arg;
  /* Whether a candidate entering the given sink at CFA node `loc` is
   * still wanted (not yet enough traces there). */
  bool (*wanted)(void *arg, bool is_true, unsigned loc);
  /* A wanted candidate was decided: the path to n, then e (NULL: the sink
   * was reached before an edge), whose last automaton step is s (NULL for
   * the empty path: n is the root and the automaton starts in a sink). r is
   * FEASIBLE (m the inputs, may be NULL for the empty path), UNKNOWN (reason),
   * or INFEASIBLE when refinement cannot rule the path out. */
  void (*decided)(void *arg, const pr_node *n, const cfa_edge *e,
                  const as_step *s, bool is_true, smt_result r,
                  const smt_model *m, const char *reason);
  /* Every automaton step (see pr_hooks.on_step). */
  void (*on_step)(void *arg, const pr_node *n, const cfa_edge *e,
                  const as_step *s);
  /* A reason to stop, or STOP_NONE; asked before each expansion with the
   * number of states explored so far (all rounds). */
  stop_reason (*stop)(void *arg, unsigned long states);
  /* A round begins (the client resets what it tracks per round). */
  void (*round)(void *arg);
  /* Seconds left of the client's time limit (< 0: no limit); bounds each
   * solver check. With less than CG_MIN_CHECK_SECONDS left no check is
   * started: a candidate met then goes to `decided` (or `target`) as
   * UNKNOWN with no reason, and the client's time limit is reached. */
  double (*time_left)(void *arg);
  /* Whether the client's run is to stop now (a signal, a memory or
   * time limit): no more solver checks; a candidate met now is handed to
   * `decided` (or `target`) as UNKNOWN with no reason, unchecked. Asked
   * before each check and every CG_SYNC_POLL edges while a candidate's
   * path is encoded (a path may have millions of steps). NULL: never. */
  bool (*stopping)(void *arg);
  /* Without an automaton (a NULL view, `erep verify`): the candidates are
   * the paths to error locations (product.h). The path to n was decided:
   * FEASIBLE (m the inputs), UNKNOWN (reason; NULL when a signal cut the
   * check), or INFEASIBLE when refinement found nothing new to rule it
   * out (the domain's precision did not grow). An infeasible path whose
   * refinement grew the precision starts a new round instead. NULL: error
   * locations only end their paths. */
  void (*target)(void *arg, const pr_node *n, smt_result r, const smt_model *m,
                 const char *reason);
} cg_hooks;

typedef struct {
  bool dfs;
  unsigned max_depth; /* call stack depth */
  unsigned max_refinements;
  unsigned solver_timeout_ms; /* per check; 0: none */
  /* Never fall back on the solver at open branches: an infeasible
   * candidate that refinement cannot rule out goes to the client (decided
   * or target) at once. The predicate domain wants this: its refinement
   * either adds a predicate or has nothing more to give. */
  bool no_prune;
  struct pb_cache *blocks; /* pr_options.blocks */
  bool acyclic, unroll;    /* pr_options.acyclic and .unroll */
  unsigned max_unroll;     /* pr_options.max_unroll */
  /* The solver decides the branches (and restricted blocks) the domain
   * leaves open from the first round on: with the exact domain, symbolic
   * execution, whose tree ends where the paths become infeasible. */
  bool prune;
  /* Lazy abstraction (pr_options.lazy): a refinement that grew the
   * precision cuts the ARG back instead of starting a new round; the
   * refinement limit then counts the refinements of that one search.
   * Not together with prune or acyclic. */
  bool lazy;
  /* Conditional model checking's first, cheap run (CMC paper, section
   * IV-C): a path to an error location that the solver does not prove
   * feasible is left open, with no refinement (the target hook hears
   * INFEASIBLE or UNKNOWN), and the search goes on; the collected
   * automaton sends such paths to __FALSE for a later run. */
  bool open_targets;
  /* A candidate into a sink that undefined behaviour blocks (smt: UNKNOWN,
   * smt_undefined) is a trace of its own, and when the round is over, the
   * domain refines from its path (pr_domain.refine_undefined), so that the
   * next round ends such paths at the undefined step (erep report: the
   * locations behind are then reached by defined executions or not at
   * all). Paths to error locations are not refined so. */
  bool refine_undefined;
  /* pr_options' conditions (0: none) and links (pr_options.collect) */
  unsigned max_path_length, max_assume_edges, max_repeat;
  const char *const *omit; /* pr_options.omit */
  size_t nomit;
  bool collect;
} cg_options;

typedef struct {
  unsigned long states;     /* ARG nodes over all rounds */
  unsigned long infeasible; /* infeasible candidates */
  unsigned long refinements;
  /* lazy: infeasible candidates whose path ran through states made before
   * a refinement, cut back without refining (pr_pivot) */
  unsigned long stale;
  stop_reason stopped_by;  /* the stop hook's reason, STOP_CYCLE, or
                              STOP_REFINEMENTS when max_refinements ran
                              out */
  bool stack_cut;          /* calls deeper than max_depth were cut */
  bool prune_incomplete;   /* solver pruning met covered states (never with
                              the sound cover the rounds use) */
  unsigned long uncovered; /* covered states explored after all: the solver
                              pruned below their cover */
  unsigned long repeated;  /* pr_arg.repeated, all rounds */
  /* The last round's ARG (the search at the final precision) and the
   * domain states its nodes point to: owned by the result, freed by
   * cg_result_free; a client may read traces from it. */
  pr_arg *arg;
  pr_states *states_table;
} cg_result;

/* Run rounds until one finishes without asking for a refinement, or a
 * stop. s must be a context for g. */
void cg_run(const cfa *g, const as_view *v, const pr_domain *dom, void *d,
            smt_ctx *s, const cg_options *o, const cg_hooks *h, cg_result *res);

void cg_result_free(cg_result *res);

#endif
