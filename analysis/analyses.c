#include "analyses.h"

#include "lib/mem.h"
#include "pred.h"
#include "value.h"

#include <string.h>

/* ---------- explicit values (value.h) ---------- */

static void *an_value_make(const an_setup *s) {
  val_dom *d = mem_alloc(sizeof *d);
  val_dom_init(d, s->g);
  if (s->full_precision)
    for (size_t i = 0; i < s->g->vars.len; i++)
      val_precision_add(&d->prec, s->g->vars.data[i]);
  return d;
}

static void an_value_figures(const void *d, an_figures *f) {
  (void)d;
  memset(f, 0, sizeof *f);
}

static void an_value_free(void *d) {
  val_dom_free(d);
  mem_free(d);
}

/* ---------- predicates (pred.h) ---------- */

static void *an_pred_make(const an_setup *s) {
  pred_dom *d = mem_alloc(sizeof *d);
  /* Cartesian abstraction at every node, or Boolean at block ends */
  pred_dom_init(d, s->g, !s->large_blocks, s->solver_timeout_ms, s->smt);
  if (s->bdd) pred_dom_use_bdd(d);
  d->scope = (pred_scope)s->pred_scope;
  d->selecting = s->pred_cuts;
  d->relaxed = s->pred_newton;
  d->cut_keep_all = PRED_CUT_KEEP_ALL;
  d->deadline = s->run ? lim_deadline(s->run) : 0;
  pred_add_invariants(d);
  return d;
}

static void an_pred_figures(const void *dv, an_figures *f) {
  const pred_dom *d = dv;
  memset(f, 0, sizeof *f);
  f->predicates = pred_count(d);
  f->pred_locations = pred_pairs(d);
  f->exact_locations = d->exact_locations;
  f->seed_refinements = d->seed_refinements;
  f->invariants = d->invariants;
  f->open_memory = d->pointed != 0;
  for (size_t i = 0; d->pointed && i < d->g->vars.len; i++)
    f->pointed += d->pointed[i];
  f->abstractions = d->abstractions;
  f->cache_hits = d->cache_hits;
  f->shortcuts = d->shortcuts;
  f->abstraction_seconds = d->seconds;
  f->refine_seconds = d->refine_seconds;
  f->relaxations = d->relaxations;
  f->relaxed_kept = d->relaxed_kept;
  f->relax_failed = d->relax_failed;
  f->solver_calls = pred_solver_calls(d);
  f->solver_seconds = pred_solver_seconds(d);
  f->bdd = d->bdd != 0;
  f->unsupported = d->unsupported;
  f->unknown = d->unknown;
  f->abs_unknown = d->unknowns;
}

static void an_pred_interrupt(void *d) { pred_interrupt(d); }

static void an_pred_free(void *d) {
  pred_dom_free(d);
  mem_free(d);
}

/* ---------- the table ---------- */

/* `auto`: conditional model checking's chain (the CMC paper, section
 * IV-C), in front of the composition below: first the explicit analysis
 * without refinement (every variable tracked, paths to error locations it
 * cannot prove left open; an_phase.open_targets) for a twentieth of the
 * time limit (5 s without one); when it finishes, what it left open
 * (its automaton, merged by location: collect.h) is the condition of
 * every later phase, which then searches only that. On
 * tests/data/cmc/chain.c the explicit run leaves 4 paths open in 0.04 s
 * and the predicate analysis proves them in 0.07 s (0.3 s from scratch).
 * Then: the explicit-value analysis with its refinement. Of the 65
 * cmc2011 ssh and systemc tasks at 60 s it decided 35, 33 of them in under
 * a second (transmitter.04.BUG in 2.2 s, .05 in 18.8 s), where the
 * predicate analysis takes seconds to minutes or does not finish; and
 * where it does not decide soon it mostly never does (its values
 * multiply: test_locks_15 is not done after 20 s, which the predicate
 * analysis proves in 0.1 s). So it gets a tenth of the time limit (10 s
 * without one), and the predicate analysis the rest (no limit without
 * one). When the predicate analysis gives up before the limit (refinement
 * found no new predicate: loops whose invariant is no program condition)
 * and the explicit analysis was cut by its share of time, the explicit
 * analysis runs again with what is left (sv-benchmarks loops: counters
 * bounded by constants, which it enumerates in seconds). The symbolic pass
 * before the search runs once, in the first, unless the limit cut it
 * there. A sequential composition as in CPAchecker's SV-COMP
 * configuration, which runs its value analysis first and its predicate
 * analysis after it. On a machine with more than one core (--jobs) the
 * second and third phases run side by side instead, as a portfolio
 * (an_phase.portfolio): the explicit analysis runs for its tenth and then
 * leaves its core to the predicate analyses (race_yield) until fewer
 * processes than cores run, and goes on where it left off with what is
 * left of the limit (sv-extra's standard_init4_ground-1 needs 14.6 s of
 * it at 20 s; the fourth phase, a new explicit run from the start, gave
 * it 10 s), so it takes no time from the predicate analysis where it
 * cannot decide and needs no fourth phase.
 * The second predicate analysis of the portfolio gives each solver check
 * a twentieth of its time (an_phase.check_share): checks of 10 s took a
 * 20 s limit on paths through 64-bit products whose check never ends
 * (sv-extra's geo1-u, tests/data/portfolio/hard_check.c), while a bug on
 * a short path beside them needed a check of milliseconds; with every
 * check at 1 s, sv-extra lost two TRUE tasks (gcd_1, nested9) that the
 * first predicate analysis, with checks of 10 s, keeps. */
static const an_phase an_auto[] = {
    {"explicit", 0.05, 5, false, true, false, false, false, 0},
    {"explicit", 0.1, 10, false, false, true, false, false, 0},
    {"predicate", 1, 0, false, false, true, false, false, 0},
    {"predicate", 1, 0, false, false, true, true, true, 1.0 / 20},
    {"explicit", 1, 0, true, false, false, false, false, 0}};

const an_analysis an_table[] = {
    {"explicit", "explicit values, refined from infeasible candidates",
     AN_REPORT | AN_VERIFY, &val_domain, 0, an_value_make, an_value_figures,
     0, an_value_free, "explicit-value", "variable to track", false, false,
     false, false, false, 0, 0},
    {"predicate",
     "predicate abstraction on large blocks, refined lazily",
     AN_REPORT | AN_VERIFY, &pred_domain, pred_supported, an_pred_make,
     an_pred_figures, an_pred_interrupt, an_pred_free, "predicate",
     "predicate", true, true, true, true, true, 0, 0},
    {"auto", "explicit, then predicate when it does not decide soon",
     AN_VERIFY, 0, 0, 0, 0, 0, 0, 0, 0, false, false, false, false, false, an_auto,
     sizeof an_auto / sizeof *an_auto},
};
const size_t an_count = sizeof an_table / sizeof *an_table;

const an_analysis *an_find(const char *name) {
  for (size_t i = 0; name && i < an_count; i++)
    if (!strcmp(an_table[i].name, name)) return &an_table[i];
  return 0;
}
