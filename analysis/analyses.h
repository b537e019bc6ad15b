/* analyses: the table of erep's analyses, one row each (CPAchecker's split
 * of a CPA from the algorithm that runs it; kissat's option table as the
 * model of a table). A row says everything a run needs to know about an
 * analysis: its name (the word of --analysis, whose list and help come from
 * here), its domain for the product core (product.h), the programs it
 * models, how its domain context is made, measured and freed, and how it
 * wants to be run (large blocks, lazy refinement). The runner
 * (report/run.h) is the one place that runs a row; a composition (`auto`)
 * is a row of phases that name other rows.
 *
 * A new domain (intervals, say) is one module of its own (its pr_domain
 * and its context), a row here and a line in analysis/local.mk: nothing
 * else. The core has no merge today and its ARG is a tree; a domain with a
 * join or widening plugs in through pr_domain.covers (a joined state covers
 * what it joined) until the core grows a merge operator (product.h). */
#ifndef EREP_ANALYSES_H
#define EREP_ANALYSES_H

#include "lib/lim.h"
#include "product.h"
#include "program/cfa.h"
#include "smt/smt.h"

#include <stdbool.h>
#include <stddef.h>

/* What a run hands a row's make: the CFA it searches (summarised by large
 * blocks when the row wants them and they could be made) and its solver
 * context, both borrowed for the domain's life. */
typedef struct {
  const cfa *g;
  bool large_blocks;   /* g is summarised (program/lbe.h) */
  smt_ctx *smt;        /* a context for g */
  unsigned solver_timeout_ms;
  bool bdd;            /* --bdd: states as BDDs where the domain can */
  unsigned pred_scope; /* --predicate-scope: a pred_scope (pred.h) */
  bool pred_cuts;      /* --refinement cuts (pred.h: pred_dom.selecting) */
  bool pred_newton;    /* --refinement newton (pred.h: pred_dom.relaxed) */
  const lim *run;      /* the run's clock and limits */
  /* the precision as fine as the domain has it from the start (the
   * explicit analysis tracks every variable it can), for a run that does
   * not refine (cegar.h open_targets) */
  bool full_precision;
} an_setup;

/* A domain's figures after a run (zero where they do not apply). */
typedef struct {
  unsigned long predicates, pred_locations, exact_locations;
  unsigned long seed_refinements; /* predicate: pred_dom.seed_refinements */
  unsigned long invariants;       /* predicate: pred_dom.invariants */
  /* predicate: open memory (pred_dom.pointed), and the variables a
   * pointer may point into */
  bool open_memory;
  unsigned long pointed;
  unsigned long abstractions, cache_hits, shortcuts;
  unsigned long abs_unknown; /* abstractions without an answer: top */
  unsigned long solver_calls; /* of the domain's own solver context */
  double solver_seconds, abstraction_seconds;
  /* predicate: seconds in refinement; --refinement newton: paths relaxed,
   * branch conditions and literals their cores kept, relaxed refinements
   * that found nothing new and took every atom */
  double refine_seconds;
  unsigned long relaxations, relaxed_kept, relax_failed;
  bool bdd; /* states were BDDs (BuDDy started) */
  /* what the domain met that makes a TRUE verdict unsound: code the
   * encoding does not model, a solver without an answer (borrowed from
   * the domain, valid until an_analysis.free) */
  const char *unsupported, *unknown;
} an_figures;

/* A phase of a composition: the row it runs, its share of the time limit
 * (1: what is left) and its seconds without a time limit (0: none). */
typedef struct {
  const char *analysis;
  double share;
  double no_limit;
  /* only when an earlier phase gave up before a limit and the first was
   * cut by its time */
  bool after_giving_up;
  /* the first run of conditional model checking: full precision, no
   * refinement, paths to error locations it cannot prove left open (the
   * next phase gets them as its condition's __FALSE) */
  bool open_targets;
  /* run side by side with the consecutive phases marked so, each in a
   * process of its own, when the run may use more than one core
   * (rn_options.jobs): the first decisive one wins. A portfolio ends the
   * composition: the phases after it (after_giving_up) are for a run on
   * one core, where the phases before them had only a share of the time */
  bool portfolio;
  /* a phase of the portfolio only (one core runs the phases without it) */
  bool portfolio_only;
  /* its condition (the automaton of the phase before) is the one the
   * earlier run wrote, state by state, as CPAchecker's conditions are,
   * instead of that automaton merged by location (collect.h) */
  bool unmerged;
  /* > 0: each solver check of the phase gets at most this share of the
   * phase's time (at least AN_CHECK_MIN_MS, at most the run's timeout);
   * 0: the run's timeout. A check that one long check of the path would
   * eat is answered "unknown" soon, and the search goes on to other paths */
  double check_share;
} an_phase;

/* the least timeout an_phase.check_share gives a check */
#define AN_CHECK_MIN_MS 1000u

typedef struct an_analysis {
  const char *name; /* the word of --analysis */
  const char *help; /* one line */
  /* the commands that offer it: bit 0 report, bit 1 verify */
  unsigned commands;
  const pr_domain *domain; /* NULL for a composition */
  /* What the domain does not model in g ("pointers", ...), or NULL when it
   * models all of it. NULL function: every program. */
  const char *(*supported)(const cfa *g);
  /* The domain's context for a run (freed by free). */
  void *(*make)(const an_setup *s);
  void (*figures)(const void *d, an_figures *f);
  /* Ask the domain's own solver to give up its check (another thread);
   * NULL: the domain has none. */
  void (*interrupt)(void *d);
  void (*free)(void *d);
  /* what its refinement makes grow, for messages: "stopped after N
   * refinements of the <precision> precision", "refinement found no new
   * <refined>" */
  const char *precision, *refined;
  /* explores large blocks (program/lbe.h) unless --sbe */
  bool large_blocks;
  /* refines lazily (cegar.h lazy) */
  bool lazy;
  /* erep verify searches depth-first (cegar.h dfs): a spurious
   * counterexample comes early, so a refinement comes before the ARG of a
   * precision that is too coarse has grown (breadth-first made four
   * fifths of token_ring.05's states in rounds that refinement threw away:
   * 15713 states in all against a final ARG of 2977, 14.3 s; depth-first
   * 6911 states, 8.7 s) */
  bool dfs;
  /* an infeasible candidate refinement cannot rule out is final: no
   * solver falls back on open branches (cegar.h no_prune); erep verify's
   * rounds take this, erep report's candidates are decided per location */
  bool no_prune;
  /* its figures count predicates and abstractions (an_figures) */
  bool predicates;
  /* a composition: its phases, in order */
  const an_phase *phases;
  size_t nphases;
} an_analysis;

#define AN_REPORT 1u
#define AN_VERIFY 2u

/* The rows, in the order --help lists them; an_count of them. */
extern const an_analysis an_table[];
extern const size_t an_count;

/* The row named `name`, or NULL. */
const an_analysis *an_find(const char *name);

#endif
