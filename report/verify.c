#include "verify.h"

#include "analysis/cegar.h"
#include "analysis/exact.h"
#include "lib/lim.h"
#include "program/lbe.h"
#include "analysis/pred.h"
#include "smt/smt.h"
#include "analysis/value.h"
#include "lib/mem.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VF_MAX_STACK 64 /* call depth; deeper recursion is cut (UNKNOWN) */

typedef struct {
  const cfa *g;
  const vf_options *o;
  rep_report *r;
  vf_result *res;
  smt_ctx *smt;
  pred_dom *pd;
  lim lim; /* the run's limits and clock */
  const char *stopped_by;
  bool found;          /* a feasible counterexample */
  char *open_reason;   /* a target neither feasible nor refined away */
  const cfa_edge *unsupported; /* an explored edge not modelled */
  unsigned char *fn_seen; /* by function id: the search took an edge there */
  bool exact;             /* the symbolic-execution pass runs */
  const cg_result *cr;    /* the running search's figures (progress) */
} vf;

/* States of the symbolic execution tried before the domain's search: the
 * tree of paths (exact.h) with the solver cutting infeasible branches and
 * blocks, loops unrolled; a finished tree is every feasible path, so its
 * verdict is exact. Each state costs a solver call. */
#define VF_SYMBOLIC_BUDGET 20000
/* ... and of times a path may pass one location (a loop that stays
 * feasible, like a `while (nondet)`, hands over at once) */
#define VF_SYMBOLIC_UNROLL 1

static pthread_mutex_t vf_live_lock = PTHREAD_MUTEX_INITIALIZER;
static pred_dom *vf_live_pd;

void vf_interrupt(void) {
  cg_interrupt();
  pthread_mutex_lock(&vf_live_lock);
  if (vf_live_pd) pred_interrupt(vf_live_pd);
  pthread_mutex_unlock(&vf_live_lock);
}

static void vf_set_live(pred_dom *pd) {
  pthread_mutex_lock(&vf_live_lock);
  vf_live_pd = pd;
  pthread_mutex_unlock(&vf_live_lock);
}

const char *vf_verdict_name(vf_verdict v) {
  return v == VF_TRUE ? "TRUE" : v == VF_FALSE ? "FALSE" : "UNKNOWN";
}

static double vf_now(const vf *x) { return lim_now(&x->lim); }

static bool vf_stopping(const vf *x) { return lim_signalled(&x->lim); }

/* cg_hooks.stopping: any limit of the run but the states, met now (cegar
 * asks between checks and while it encodes a long path), is its stop */
static bool vf_stopping_hook(void *arg) {
  vf *x = arg;
  if (!x->stopped_by) x->stopped_by = lim_over(&x->lim);
  return x->stopped_by != 0;
}

static const char *vf_stop(void *arg, unsigned long states) {
  vf *x = arg;
  if (x->found) return "counterexample";
  if (x->exact && states >= VF_SYMBOLIC_BUDGET && !x->stopped_by)
    return "budget"; /* not a stop of the run: the domain takes over */
  if (!x->stopped_by) x->stopped_by = lim_reason(&x->lim, states);
  if (!x->stopped_by && x->o->progress)
    x->o->progress(x->o->progress_arg, x->exact ? "symbolic execution" : 0,
                   states, x->cr ? x->cr->refinements : 0);
  return x->stopped_by;
}

static double vf_time_left(void *arg) {
  vf *x = arg;
  return lim_time_left(&x->lim);
}

/* A round begins: only the last round's search speaks for TRUE. */
static void vf_round(void *arg) {
  vf *x = arg;
  memset(x->fn_seen, 0, x->g->functions.len + 1);
}

static bool vf_time_spent(const vf *x) {
  return lim_time_spent(&x->lim, CG_MIN_CHECK_SECONDS);
}

static void vf_on_step(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s) {
  vf *x = arg;
  (void)n, (void)s;
  if ((e->unsupported || e->unsupported_flow) && !x->unsupported)
    x->unsupported = e;
  if (e->from->function) x->fn_seen[e->from->function->id] = 1;
}

static const char *vf_fname(const cfa_node *n) {
  return n && n->function ? n->function->name : 0;
}

/* The counterexample: the statement-level edges path[0..len) (the ARG
 * path, or with LBE its blocks expanded) ending at node `end`, with the
 * model's inputs. */
static void vf_trace(vf *x, const cfa_edge *const *path, size_t len,
                     const cfa_node *end, const smt_model *m) {
  rep_report *r = x->r;
  rep_trace *t = rep_trace_new(r, REP_FRONTIER, true, 0);
  for (size_t i = 0; i < len; i++) {
    const cfa_edge *e = path[i];
    rep_step s = {e->loc.line,
                  rep_strdup(r, vf_fname(e->from)),
                  rep_step_kind_of(e->kind),
                  rep_strdup(r, e->raw),
                  0,
                  0,
                  e->id,
                  e->from->id,
                  e->to->id};
    VEC_PUSH(t->steps, s);
  }
  const cfa_edge *last = len ? path[len - 1] : 0;
  t->end_line = last ? last->loc.line : end->line;
  t->end_node = end->id;
  t->end_function = rep_strdup(r, vf_fname(end));
  t->end_file = r->program_path;
  for (size_t i = 0; m && i < m->ninputs; i++) {
    const smt_input *in = &m->inputs[i];
    rep_input_add(r, t, (unsigned)in->index, in->function, in->line, in->type,
                  in->value, (unsigned)in->step);
  }
  rep_trace_seal(t);
  x->res->cex = t;
}

/* With LBE the candidate's path holds blocks: the edges of the original
 * CFA that the model takes (smt_expand_path), checked again on their own
 * (the same context serves both CFAs) for the trace and its inputs. A
 * counterexample is FALSE only when that statement-level path is FEASIBLE
 * too; else *reason says why not (mem_free). */
static bool vf_trace_expanded(vf *x, const pr_node *n, char **reason) {
  const cfa_edge **edges;
  size_t len = smt_expand_path(x->smt, &edges);
  if (!len) {
    *reason = mem_strdup("its large blocks could not be expanded into "
                         "statements");
    return false;
  }
  smt_model *m = 0;
  char *why = 0;
  smt_result r = smt_check_path(x->smt, edges, len, &m, &why);
  bool ok = r == SMT_FEASIBLE;
  if (ok) {
    /* the end: the node the last edge enters, in the original CFA */
    vf_trace(x, edges, len, edges[len - 1]->to, m);
  } else {
    *reason = mem_printf("its statement-level path is %s%s%s",
                         smt_result_name(r), why ? ": " : "", why ? why : "");
  }
  (void)n;
  smt_model_free(m);
  mem_free(why);
  mem_free(edges);
  return ok;
}

static void vf_target(void *arg, const pr_node *n, smt_result res,
                      const smt_model *m, const char *reason) {
  vf *x = arg;
  if (x->found) return;
  if (res == SMT_FEASIBLE && x->res->lbe) {
    char *why = 0;
    if (!vf_trace_expanded(x, n, &why)) {
      if (vf_time_spent(x) && !x->stopped_by)
        x->stopped_by = "time"; /* its encoding or check was cut short */
      else if (!x->open_reason)
        x->open_reason = mem_printf(
            "the path to the error location at line %u: %s", n->loc->line,
            why);
      mem_free(why);
      return;
    }
    x->found = true;
    if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = vf_now(x);
    return;
  }
  if (res == SMT_FEASIBLE) {
    x->found = true;
    const pr_node **path;
    size_t len = pr_path(n, &path);
    const cfa_edge **edges = mem_alloc((len ? len : 1) * sizeof *edges);
    for (size_t i = 0; i < len; i++) edges[i] = path[i]->edge;
    vf_trace(x, edges, len, n->loc, m);
    mem_free(edges);
    mem_free(path);
    if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = vf_now(x);
    return;
  }
  if (x->open_reason) return;
  if (res == SMT_INFEASIBLE && x->exact) return; /* the path, ruled out */
  if (res == SMT_INFEASIBLE)
    x->open_reason = mem_printf(
        "an infeasible path to the error location at line %u: refinement "
        "found no new %s",
        n->loc->line,
        x->o->explicit_values ? "variable to track" : "predicate");
  else if (reason)
    x->open_reason =
        mem_printf("the path to the error location at line %u: %s",
                   n->loc->line, reason);
  else if (x->stopped_by || vf_time_spent(x)) { /* not checked: a limit */
    if (!x->stopped_by) x->stopped_by = "time";
  } else if (!vf_stopping(x))
    x->open_reason = mem_printf(
        "the path to the error location at line %u: solver gave no answer",
        n->loc->line);
  else if (!x->stopped_by) /* the check was cut short by the signal */
    x->stopped_by = "signal";
}

static void vf_unknown(vf_result *res, char *why) {
  if (!res->reason) {
    res->verdict = VF_UNKNOWN;
    res->reason = why;
  } else
    mem_free(why);
}

/* Calls clang dropped (cfa.lost) in a function the search entered (TRUE)
 * or the counterexample passes (FALSE): the verdict is about the CFA, not
 * the program, so it is UNKNOWN (and the counterexample is withdrawn). */
static void vf_check_lost(vf *x, const cfa *g) {
  vf_result *res = x->res;
  if (res->verdict == VF_UNKNOWN) return;
  bool hit;
  unsigned char *in = cfa_lost_functions(g, &hit);
  if (!in) return;
  if (res->verdict == VF_TRUE) {
    for (size_t i = 0; i < g->functions.len && !hit; i++)
      hit = in[i] && x->fn_seen[i];
  } else {
    rep_component *c = &x->r->comp[REP_FRONTIER];
    for (size_t t = 0; t < c->traces.len && !hit; t++)
      for (size_t k = 0; k < c->traces.data[t]->steps.len && !hit; k++) {
        const char *name = c->traces.data[t]->steps.data[k].function;
        const cfa_function *fn = name ? cfa_function_find(g, name) : 0;
        hit = fn && in[fn->id];
      }
    for (size_t t = 0; hit && t < c->traces.len; t++) {
      VEC_FREE(c->traces.data[t]->steps); /* the rest is the report's arena */
      VEC_FREE(c->traces.data[t]->inputs);
    }
    if (hit) c->traces.len = 0;
  }
  mem_free(in);
  if (!hit) return;
  res->verdict = VF_UNKNOWN;
  mem_free(res->reason);
  res->reason = mem_printf("the CFA lacks %s, in a function the %s", g->lost,
                           x->found ? "counterexample passes"
                                    : "search entered");
}

/* The report's one component, the counterexamples: a partial component
 * always says why. The search stops at its first counterexample; TRUE is a
 * search that finished without one; UNKNOWN says what stopped it. */
static void vf_component(rep_report *r, const vf_result *res,
                         const char *stopped_by) {
  rep_component *c = &r->comp[REP_FRONTIER];
  c->full = res->verdict == VF_TRUE;
  c->stopped_by = res->verdict == VF_TRUE    ? 0
                  : res->verdict == VF_FALSE ? "counterexample"
                  : stopped_by               ? stopped_by
                                             : "precision";
}

void vf_run(const cfa *g, const vf_options *o, rep_report *r, vf_result *res) {
  memset(res, 0, sizeof *res);
  vf X = {0}, *x = &X;
  x->g = g;
  x->o = o;
  x->r = r;
  x->res = res;
  lim_start(&x->lim, o->stop, o->time_limit, o->max_states, o->memory_limit);
  r->want[REP_FRONTIER] = true;
  /* LBE: the predicate analysis explores the CFA summarised by large
   * blocks (program/lbe.h) unless --sbe; the explicit analysis stays on
   * g. The domain and the smt context are made for sg; a counterexample's
   * blocks are expanded into statements before it goes into the report
   * (vf_trace_expanded), and refinement follows each block's DAG back
   * (pred_refine). */
  const cfa *sg = g;
  cfa *lbe = 0;
  res->lbe = false;
  if (!o->sbe && !o->explicit_values) {
    char *err = 0;
    lbe = lbe_summarise(g, &err);
    if (!lbe) {
      vf_unknown(res, mem_printf("large-block encoding failed: %s",
                                 err ? err : "?"));
      mem_free(err);
      rep_warn(r, "verdict", 0, "UNKNOWN: %s", res->reason);
      vf_component(r, res, "precision");
      return;
    }
    sg = lbe;
    res->lbe = true;
  }
  const char *refuse = o->explicit_values ? 0 : pred_supported(sg);
  if (refuse) {
    vf_unknown(res, mem_printf("the program has %s", refuse));
    rep_warn(r, "verdict", 0, "UNKNOWN: %s", res->reason);
    vf_component(r, res, "unsupported");
    if (lbe) cfa_free(lbe);
    return;
  }
  x->fn_seen = mem_calloc(g->functions.len + 1, 1);
  x->smt = smt_new(sg, o->solver_timeout_ms);
  smt_set_deadline(x->smt, lim_deadline(&x->lim));
  val_dom vd;
  pred_dom pd;
  const pr_domain *dom;
  void *dctx;
  if (o->explicit_values) {
    val_dom_init(&vd, sg);
    dom = &val_domain;
    dctx = &vd;
  } else {
    /* SBE: Cartesian abstraction at every node; LBE: Boolean abstraction at
     * block ends (every node of the summarised CFA) */
    pred_dom_init(&pd, sg, !res->lbe, o->solver_timeout_ms, x->smt);
    if (o->bdd) res->bdd = pred_dom_use_bdd(&pd);
    pd.deadline = lim_deadline(&x->lim);
    x->pd = &pd;
    dom = &pred_domain;
    dctx = &pd;
    vf_set_live(&pd);
  }
  /* the predicate analysis refines lazily: a refinement cuts the ARG back
   * to the first state the new predicates change (cegar.h) */
  cg_options co = {false, VF_MAX_STACK, o->max_refinements,
                   o->solver_timeout_ms, !o->explicit_values, 0, false, false, 0, false,
                   !o->explicit_values && !o->restart};
  cg_hooks h = {x, 0, 0, vf_on_step, vf_stop, vf_round, vf_time_left,
                vf_stopping_hook, vf_target};
  cg_result cr = {0};
  x->cr = &cr;
  unsigned long tried = 0; /* states of a symbolic pass given up */
  /* not with --sbe, which stays the predicate analysis of the LBE paper's
   * comparison */
  if (!o->sbe && !o->no_symbolic) {
    exact_dom ed;
    exact_dom_init(&ed);
    cg_options so = co;
    so.no_prune = so.acyclic = so.unroll = so.prune = true;
    so.max_unroll = VF_SYMBOLIC_UNROLL;
    x->exact = true;
    cg_run(sg, 0, &exact_domain, &ed, x->smt, &so, &h, &cr);
    x->exact = false;
    bool handed = !x->found && !x->stopped_by && cr.stopped_by &&
                  (!strcmp(cr.stopped_by, "budget") ||
                   !strcmp(cr.stopped_by, "cycle"));
    if (handed || (!x->found && !x->stopped_by && cr.stack_cut)) {
      res->symbolic_handed = true;
      tried = cr.states;
      cg_result_free(&cr);
      memset(&cr, 0, sizeof cr);
      mem_free(x->open_reason);
      x->open_reason = 0;
      x->unsupported = 0;
    } else
      res->symbolic = true;
  }
  if (!res->symbolic) cg_run(sg, 0, dom, dctx, x->smt, &co, &h, &cr);
  cr.states += tried;
  vf_set_live(0);
  /* a signal that came after the last expansion still cut something */
  if (vf_stopping(x) && !x->stopped_by && !x->found) x->stopped_by = "signal";
  bool finished = cr.arg && cr.arg->finished;
  res->states = cr.states;
  res->last_states = cr.arg ? cr.arg->nodes - cr.arg->removed : 0;
  res->refinements = cr.refinements;
  res->infeasible = cr.infeasible;
  res->stale = cr.stale;
  res->solver_calls = smt_solver_calls(x->smt);
  res->solver_seconds = smt_solver_seconds(x->smt);
  if (x->pd) {
    res->predicates = pred_count(x->pd);
    res->pred_locations = pred_pairs(x->pd);
    res->exact_locations = x->pd->exact_locations;
    res->abstractions = x->pd->abstractions;
    res->cache_hits = x->pd->cache_hits;
    res->abstraction_seconds = x->pd->seconds;
    res->solver_calls += pred_solver_calls(x->pd);
    res->solver_seconds += pred_solver_seconds(x->pd);
    res->shortcuts = x->pd->shortcuts;
  }
  /* the verdict: FALSE on a proved counterexample, TRUE only when nothing
   * stands in the way, UNKNOWN with the first reason otherwise */
  if (x->found)
    res->verdict = VF_FALSE;
  else if (x->stopped_by || (cr.stopped_by && strcmp(cr.stopped_by,
                                                     "counterexample")))
    vf_unknown(res,
               mem_printf("stopped by %s",
                          x->stopped_by                                ? x->stopped_by
                          : !strcmp(cr.stopped_by, "refinements") ? "the refinement limit"
                                                                  : cr.stopped_by));
  else if (x->open_reason) {
    vf_unknown(res, x->open_reason);
    x->open_reason = 0;
  } else if (cr.stack_cut)
    vf_unknown(res, mem_printf("calls deeper than %d were not explored",
                               VF_MAX_STACK));
  else if (x->unsupported)
    vf_unknown(res,
               mem_printf("the search met %s at line %u, which is not modelled",
                          x->unsupported->unsupported
                              ? x->unsupported->unsupported
                              : "unsupported control flow",
                          x->unsupported->loc.line));
  else if (x->pd && x->pd->unsupported)
    vf_unknown(res, mem_printf("an abstraction met code the encoding does not "
                               "model: %s",
                               x->pd->unsupported));
  else if (x->pd && x->pd->unknown)
    vf_unknown(res, mem_printf("an abstraction's solver gave no answer: %s",
                               x->pd->unknown));
  else if (cr.prune_incomplete)
    vf_unknown(res, mem_strdup("branches decided by the solver met covered "
                               "states"));
  else if (!finished)
    vf_unknown(res, mem_strdup("the search did not finish"));
  else
    res->verdict = VF_TRUE;
  vf_check_lost(x, g);
  mem_free(x->open_reason);
  mem_free(x->fn_seen);
  cg_result_free(&cr);
  if (o->explicit_values)
    val_dom_free(&vd);
  else
    pred_dom_free(&pd);
  smt_free(x->smt);
  if (lbe) cfa_free(lbe); /* before g, whose parts it borrows */
  /* the report: the counterexample is its one frontier trace */
  r->states = res->states;
  r->refinements = res->refinements;
  r->infeasible_candidates = res->infeasible;
  r->solver_calls = res->solver_calls;
  vf_component(r, res, x->stopped_by);
  rep_warn(r, "verdict", 0, "%s%s%s%s", vf_verdict_name(res->verdict),
           res->reason ? ": " : "", res->reason ? res->reason : "",
           res->symbolic ? " (by symbolic execution: its tree of every "
                           "feasible path finished)"
                         : "");
  if (res->verdict == VF_UNKNOWN) res->stopped_by = x->stopped_by;
  res->wall_seconds = vf_now(x);
  r->wall_seconds = res->wall_seconds;
}

void vf_result_free(vf_result *res) {
  mem_free(res->reason);
  res->reason = 0;
}
