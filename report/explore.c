#include "explore.h"

#include "analysis/cegar.h"
#include "analysis/exact.h"
#include "program/lbe.h"
#include "analysis/pblock.h"
#include "analysis/pred.h"
#include "smt/smt.h"
#include "analysis/value.h"
#include "coverage.h"
#include "lib/lim.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "lib/progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define XP_MAX_STACK 64 /* call depth; deeper recursion is cut (not full) */
/* states of the tree of product paths tried before the predicate domain
 * (exact.h); a larger tree goes to the predicate analysis */
#define XP_EXACT_BUDGET 200000
/* states of the symbolic execution tried next, when the tree met a cycle
 * (each one a solver call); it also stops after XP_UNROLL_STALL states
 * without a new trace: on fse12-systemc its one trace comes within 300
 * states, and the 9700 after it took 16 s, a loop unrolled again and again
 * (in the tests, every symbolic pass that finishes does so within 30) */
#define XP_UNROLL_BUDGET 10000
#define XP_UNROLL_STALL 1000

typedef struct {
  const cfa *g;
  const as_view *v;
  const xp_options *o;
  rep_report *r;
  smt_ctx *smt;
  hmap warned; /* (transition, edge) pairs already warned about */
  lim lim; /* the run's limits and clock */
  /* per component: traces per end node, and unresolved locations */
  unsigned *count[2];
  unsigned char *unresolved[2];   /* this round: candidate not resolved */
  unsigned char *unknown_seen[2]; /* an unknown trace was reported */
  const char *stopped_by;
  progress line; /* on stderr (lib/progress), when o->progress */
  unsigned char *visited; /* by edge id: taken this round (coverage) */
  /* this round: an edge whose control flow the CFA lacks was reached */
  const cfa_edge *flow_cut;
  bool signal_cut; /* a candidate was left unchecked because of a signal */
  /* large blocks (predicate analysis without --sbe): the blocks in product
   * with the automaton, and a second solver context that checks each
   * feasible candidate again at statement granularity for its inputs */
  pb_cache *pb;
  smt_ctx *tsmt;
  bool exact;           /* the exact domain's pass (exact.h) runs */
  unsigned long budget; /* its states */
  unsigned long stall;  /* and states without a new trace (0: any) */
  unsigned long states_now, last_trace; /* states so far, at the last trace */
} xp;

static double xp_now(const xp *x) { return lim_now(&x->lim); }

static const char *xp_fname(const cfa_node *n) {
  return n && n->function ? n->function->name : 0;
}

/* The trace of an ARG path: the path to n, then e (whose last automaton
 * step is st). */
static void xp_fill_trace(xp *x, rep_trace *t, const pr_node *n,
                          const cfa_edge *e, const as_step *st) {
  rep_report *r = x->r;
  const pr_node **path;
  size_t len = pr_path(n, &path);
  for (size_t i = 0; i < len; i++) {
    const pr_node *p = path[i];
    rep_step s = {p->edge->loc.line,
                  rep_strdup(r, xp_fname(p->edge->from)),
                  rep_step_kind_of(p->edge->kind),
                  rep_strdup(r, p->edge->raw),
                  rep_strdup(r, as_state_name(x->v, p->aa_from)),
                  rep_strdup(r, as_state_name(x->v, p->q)),
                  p->edge->id,
                  p->edge->from->id,
                  p->edge->to->id};
    VEC_PUSH(t->steps, s);
  }
  mem_free(path);
  if (e) {
    rep_step s = {
        e->loc.line,
        rep_strdup(r, xp_fname(e->from)),
        rep_step_kind_of(e->kind),
        rep_strdup(r, e->raw),
        rep_strdup(r, as_state_name(x->v, st->neps ? st->eps_from : n->q)),
        rep_strdup(r, as_state_name(x->v, st->target)),
        e->id,
        e->from->id,
        e->to->id};
    VEC_PUSH(t->steps, s);
    t->end_line = e->loc.line;
    t->end_node = e->to->id;
    t->end_function =
        rep_strdup(r, e->to->function ? xp_fname(e->to) : xp_fname(e->from));
  } else {
    t->end_line = n->loc->line;
    t->end_node = n->loc->id;
    t->end_function = rep_strdup(r, xp_fname(n->loc));
  }
  t->end_file = r->program_path;
}

/* ---------- traces through large blocks ---------- */

/* A statement of a trace through blocks: an edge of g and the automaton
 * states around it. */
typedef struct {
  const cfa_edge *e;
  unsigned from, to;
} xp_item;

typedef VEC(xp_item) xp_items;

/* The statements of the product path to n, then e (step st), blocks
 * replaced by the path `flat` takes through them: the edges of
 * smt_expand_path (copies of a restricted block's edges, originals
 * otherwise) or, with flat NULL, the first path through each block.
 * False when flat does not fit the product path. */
static bool xp_items_of(const xp *x, const pr_node *n, const cfa_edge *e,
                        const as_step *st, const cfa_edge *const *flat,
                        size_t nflat, xp_items *out) {
  const pr_node **path;
  size_t len = pr_path(n, &path), k = 0;
  bool ok = true;
  for (size_t i = 0; i <= len && ok; i++) {
    const cfa_edge *pe = i < len ? path[i]->edge : e;
    if (!pe) break;
    unsigned qf = i < len ? path[i]->aa_from : st->neps ? st->eps_from : n->q;
    unsigned qt = i < len ? path[i]->q : st->target;
    if (pe->kind != CFA_BLOCK) {
      const cfa_edge *o = pe->orig ? pe->orig : pe;
      if (flat && (k >= nflat || flat[k] != o)) ok = false;
      k++;
      xp_item it = {o, qf, qt};
      VEC_PUSH(*out, it);
      continue;
    }
    const cfa_node *at = cfa_block_source(pe), *end = cfa_block_target(pe);
    size_t guard = 0;
    while (ok && at != end) {
      const cfa_edge *c = 0;
      if (flat) {
        if (k < nflat && flat[k]->from == at) c = flat[k];
      } else
        for (size_t j = 0; j < pe->nblock && !c; j++)
          if (pe->block[j]->from == at) c = pe->block[j];
      const pb_step *ps = c ? pb_inner(x->pb, c) : 0;
      if (!ps || ++guard > pe->nblock) {
        ok = false;
        break;
      }
      k++;
      xp_item it = {ps->e, ps->s.neps ? ps->s.eps_from : ps->q, ps->s.target};
      VEC_PUSH(*out, it);
      at = c->to;
    }
  }
  mem_free(path);
  return ok && (!flat || k == nflat);
}

/* The trace of the statements items[0..n); it ends where the last one
 * leads, or at the product node `end` when there is none. */
static void xp_fill_items(xp *x, rep_trace *t, const xp_item *items, size_t n,
                          const pr_node *end) {
  rep_report *r = x->r;
  for (size_t i = 0; i < n; i++) {
    const cfa_edge *e = items[i].e;
    rep_step s = {e->loc.line,
                  rep_strdup(r, xp_fname(e->from)),
                  rep_step_kind_of(e->kind),
                  rep_strdup(r, e->raw),
                  rep_strdup(r, as_state_name(x->v, items[i].from)),
                  rep_strdup(r, as_state_name(x->v, items[i].to)),
                  e->id,
                  e->from->id,
                  e->to->id};
    VEC_PUSH(t->steps, s);
  }
  if (n) {
    const cfa_edge *e = items[n - 1].e;
    t->end_line = e->loc.line;
    t->end_node = e->to->id;
    t->end_function =
        rep_strdup(r, e->to->function ? xp_fname(e->to) : xp_fname(e->from));
  } else {
    const cfa_node *l = cfa_node_base(end->loc);
    t->end_line = l->line;
    t->end_node = l->id;
    t->end_function = rep_strdup(r, xp_fname(l));
  }
  t->end_file = r->program_path;
}

static void xp_fill_inputs(xp *x, rep_trace *t, const smt_model *m);

/* A candidate through large blocks that the solver found feasible: the
 * statements a model takes (smt_expand_path), checked again at statement
 * granularity for the inputs (the block encoding is exact, so the answer
 * is expected to be FEASIBLE; anything else is said). Returns the trace,
 * sealed, or NULL with *why (mem_free). */
static rep_trace *xp_block_trace(xp *x, rep_component_kind k,
                                 const pr_node *n, const cfa_edge *e,
                                 const as_step *s, char **why) {
  const cfa_edge **flat;
  size_t nflat = smt_expand_path(x->smt, &flat);
  xp_items items = {0};
  rep_trace *t = 0;
  *why = 0;
  if ((!nflat && (n->parent || e)) ||
      !xp_items_of(x, n, e, s, flat, nflat, &items)) {
    *why = mem_strdup("its large blocks could not be expanded into "
                      "statements");
    goto done;
  }
  const cfa_edge **edges = mem_alloc((items.len + 1) * sizeof *edges);
  for (size_t i = 0; i < items.len; i++)
    edges[i] = items.data[i].e;
  smt_model *m = 0;
  char *r = 0;
  smt_result res = smt_check_path(x->tsmt, edges, items.len, &m, &r);
  mem_free(edges);
  if (res != SMT_FEASIBLE) {
    *why = mem_printf("its statement-level path is %s%s%s",
                      smt_result_name(res), r ? ": " : "", r ? r : "");
  } else {
    t = rep_trace_new(x->r, k, true, 0);
    xp_fill_items(x, t, items.data, items.len, n);
    if (m) xp_fill_inputs(x, t, m);
    rep_trace_seal(t);
  }
  smt_model_free(m);
  mem_free(r);
done:
  VEC_FREE(items);
  mem_free(flat);
  return t;
}

static void xp_fill_inputs(xp *x, rep_trace *t, const smt_model *m) {
  for (size_t i = 0; i < m->ninputs; i++) {
    const smt_input *in = &m->inputs[i];
    rep_input_add(x->r, t, (unsigned)in->index, in->function, in->line,
                  in->type, in->value, (unsigned)in->step);
    if (in->kind == SMT_INPUT_WRITTEN) {
      rep_written w = {in->object,         in->call,
                       in->arg,            in->nvia,
                       in->via,            in->ndims,
                       in->count,          in->stride,
                       in->nparams,        (const char *const *)in->params};
      rep_input_written(x->r, t, &w);
    }
  }
}

static void xp_progress(xp *x, unsigned long states) {
  if (!progress_due(&x->line)) return;
  progress_show(&x->line, false,
                "erep: %lu states, %zu safe, %zu frontier, %lu solver calls, "
                "%.1f s",
                states, x->r->comp[REP_SAFE].traces.len,
                x->r->comp[REP_FRONTIER].traces.len, smt_solver_calls(x->smt),
                xp_now(x));
}

/* ---------- the hooks of the search ---------- */

static bool xp_stopping(const xp *x) { return lim_signalled(&x->lim); }

/* cg_hooks.stopping: any limit of the run but the states, met now (cegar
 * asks between checks and while it encodes a long path), is its stop */
static bool xp_stopping_hook(void *arg) {
  xp *x = arg;
  if (xp_stopping(x)) return true; /* signal_cut says it */
  if (!x->stopped_by) x->stopped_by = lim_over(&x->lim);
  return x->stopped_by != 0;
}

static const char *xp_stop(void *arg, unsigned long states) {
  xp *x = arg;
  /* not a stop of the run: the predicate analysis takes over */
  x->states_now = states;
  if (x->exact && !x->stopped_by &&
      (states >= x->budget ||
       (x->stall && states >= x->last_trace + x->stall)))
    return "budget";
  if (!x->stopped_by) x->stopped_by = lim_reason(&x->lim, states);
  if (!x->stopped_by) xp_progress(x, states);
  return x->stopped_by;
}

static double xp_time_left(void *arg) {
  xp *x = arg;
  return lim_time_left(&x->lim);
}

/* Whether the search took an edge of a function in which clang dropped
 * calls (cfa_lost_functions): paths that never enter such a function are
 * the program's own. */
static bool xp_lost_reached(const xp *x) {
  const cfa *g = x->g;
  bool anywhere;
  unsigned char *in = cfa_lost_functions(g, &anywhere);
  bool r = anywhere;
  for (size_t e = 0; in && e < g->edges.len && !r; e++) {
    const cfa_edge *d = g->edges.data[e];
    r = x->visited[d->id] && d->from->function && in[d->from->function->id];
  }
  mem_free(in);
  return r;
}

/* Too little time left to start a solver check (cegar.h). */
static bool xp_time_spent(const xp *x) {
  return lim_time_spent(&x->lim, CG_MIN_CHECK_SECONDS);
}

static void xp_round(void *arg) {
  xp *x = arg;
  for (int k = 0; k < 2; k++)
    memset(x->unresolved[k], 0, x->g->nodes.len + 1);
}

static bool xp_wanted(void *arg, bool is_true, unsigned loc) {
  xp *x = arg;
  rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
  return x->o->want[k] && x->count[k][loc] < x->o->traces_per_location;
}

/* A feasible trace t of component k ends at loc. */
static void xp_found(xp *x, rep_component_kind k, unsigned loc, rep_trace *t) {
  x->count[k][loc]++;
  x->unresolved[k][loc] = 0;
  x->last_trace = x->states_now;
  if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = xp_now(x);
  if (x->o->on_trace) {
    progress_end(&x->line);
    x->o->on_trace(t, x->o->arg);
  }
}

static void xp_decided(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s, bool is_true, smt_result res,
                       const smt_model *m, const char *reason) {
  xp *x = arg;
  rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
  unsigned loc = e ? e->to->id : n->loc->id;
  char *why = 0;
  if (res == SMT_FEASIBLE && x->pb) {
    rep_trace *t = xp_block_trace(x, k, n, e, s, &why);
    if (!t) {
      res = SMT_UNKNOWN;
      reason = why;
    } else {
      xp_found(x, k, loc, t);
      return;
    }
  }
  if (res == SMT_FEASIBLE) {
    rep_trace *t = rep_trace_new(x->r, k, true, 0);
    xp_fill_trace(x, t, n, e, s);
    if (m) xp_fill_inputs(x, t, m);
    rep_trace_seal(t);
    xp_found(x, k, loc, t);
  } else if (res == SMT_INFEASIBLE) {
    /* without abstraction the candidate is its product path, and every
     * path is a candidate: ruled out, not open */
    if (!x->exact) x->unresolved[k][loc] = 1;
  } else {
    /* one unknown trace per location is enough to say why; a check cut
     * short (or skipped) because of a signal says nothing about the trace */
    if (xp_stopping(x))
      x->signal_cut = true;
    else if (!reason && (x->stopped_by || xp_time_spent(x))) {
      /* not checked: a limit of the run */
      if (!x->stopped_by) x->stopped_by = "time";
    } else if (!x->unknown_seen[k][loc]) {
      rep_trace *t = rep_trace_new(x->r, k, false,
                                   reason ? reason : "solver gave no answer");
      xp_items items = {0};
      if (x->pb && xp_items_of(x, n, e, s, 0, 0, &items))
        xp_fill_items(x, t, items.data, items.len, n); /* one of its paths */
      else
        xp_fill_trace(x, t, n, e, s);
      VEC_FREE(items);
      rep_trace_seal(t);
      x->unknown_seen[k][loc] = 1;
    }
    x->unresolved[k][loc] = 1;
  }
  mem_free(why);
}

/* A catch-all fired next to a MATCH that nearly matched the edge: the
 * automaton may mean this edge, so the sink it leads to is suspect. */
static void xp_on_step(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s) {
  xp *x = arg;
  (void)n;
  if (!s->before_edge) x->visited[e->id] = 1;
  if (e->unsupported_flow && !x->flow_cut) x->flow_cut = e;
  if (s->rule != AS_CATCHALL || s->near < 0) return;
  uint64_t key = (((uint64_t)(unsigned)s->near << 32) ^ e->id) + 1;
  if (hmap_get(&x->warned, key)) return;
  hmap_put(&x->warned, key, (void *)1);
  char *msg = as_near_miss_message(x->v, s, e);
  rep_warn(x->r, "near-miss", e->loc.line, "%s", msg);
  mem_free(msg);
}

/* The search's solver, for xp_interrupt. */
void xp_interrupt(void) { cg_interrupt(); }

void xp_run(const cfa *g, const as_view *v, const xp_options *o,
            rep_report *r) {
  xp X = {0}, *x = &X;
  x->g = g;
  x->v = v;
  x->o = o;
  x->r = r;
  lim_start(&x->lim, o->stop, o->time_limit, o->max_states, o->memory_limit);
  if (o->run) lim_since(&x->lim, o->run);
  if (o->progress) progress_init(&x->line, stderr); /* else: off */
  /* The predicate analysis explores large blocks (program/lbe.h) in
   * product with the automaton (pblock.h), unless --sbe: the CFA sg it
   * searches keeps g's node ids, its blocks are cut where the automaton
   * leaves them, and traces are reported at statement granularity. */
  const cfa *sg = g;
  cfa *lbe = 0;
  if (o->predicate && !o->sbe && !g->lost) {
    char *err = 0;
    lbe = lbe_summarise(g, &err);
    if (lbe) {
      sg = lbe;
      x->pb = pb_new(lbe, v);
      x->tsmt = smt_new(g, o->solver_timeout_ms);
      smt_set_deadline(x->tsmt, lim_deadline(&x->lim));
    } else {
      rep_warn(r, "lbe", 0, "large-block encoding failed (%s): single blocks",
               err ? err : "?");
      mem_free(err);
    }
  }
  /* one Z3 context for the run (smtz_share) */
  x->smt = smt_new_sharing(sg, o->solver_timeout_ms, x->tsmt);
  smt_set_deadline(x->smt, lim_deadline(&x->lim));
  for (int k = 0; k < 2; k++) {
    x->count[k] = mem_calloc(g->nodes.len + 1, sizeof *x->count[k]);
    x->unresolved[k] = mem_calloc(g->nodes.len + 1, 1);
    x->unknown_seen[k] = mem_calloc(g->nodes.len + 1, 1);
    r->want[k] = o->want[k];
  }
  x->visited = mem_calloc(g->edges.len + 1, 1);
  val_dom vd;
  pred_dom pd;
  const pr_domain *dom = &val_domain;
  void *dctx = &vd;
  /* a program the predicate domain does not model (pointers) gets only
   * the exact pass, which needs no domain of its own */
  const char *unsup = o->predicate ? pred_supported(g) : 0;
  bool pred = o->predicate && !unsup;
  if (pred) {
    /* Cartesian abstraction at every node, or Boolean at block ends */
    pred_dom_init(&pd, sg, !x->pb, o->solver_timeout_ms, x->smt);
    if (o->bdd) pred_dom_use_bdd(&pd);
    pd.deadline = lim_deadline(&x->lim);
    dom = &pred_domain;
    dctx = &pd;
  } else if (!o->predicate)
    val_dom_init(&vd, g);
  cg_options co = {o->dfs,   XP_MAX_STACK, o->max_refinements,
                   o->solver_timeout_ms, false, x->pb, false, false, 0, false,
                   pred};
  cg_hooks h = {x,       xp_wanted, xp_decided,   xp_on_step,
                xp_stop, xp_round,  xp_time_left, xp_stopping_hook, 0};
  cg_result res = {0};
  unsigned long domain_calls = 0; /* the predicate domain's own solver */
  unsigned long tried = 0;        /* states of an exact pass given up */
  bool done = false;
  const char *why_not = "lbe"; /* why the exact pass did not settle it */
  if (x->pb) {
    /* First the tree of product paths without abstraction (exact.h): with
     * an automaton that bounds every path (a depth automaton), its
     * candidates are decided exactly and no refinement is needed; the
     * restricted blocks keep the tree small. An automaton or loop that
     * repeats a product location, or a tree beyond XP_EXACT_BUDGET states,
     * hands over to the predicate domain, keeping the traces found. */
    /* Then, at a cycle, symbolic execution: the same tree with the solver
     * cutting infeasible branches and loops unrolled until they are
     * infeasible (a finished tree is every feasible path, so the result
     * is exact again) or XP_UNROLL_BUDGET states; it finds traces where
     * the predicate analysis may need many refinements. A program the
     * predicate domain does not model gets only this, up to the larger
     * budget. */
    for (int pass = unsup ? 1 : 0; pass < 2 && !done; pass++) {
      exact_dom ed;
      exact_dom_init(&ed);
      cg_options eo = co;
      eo.no_prune = eo.acyclic = true;
      eo.unroll = eo.prune = pass == 1;
      x->exact = true;
      x->budget = unsup || !pass ? XP_EXACT_BUDGET : XP_UNROLL_BUDGET;
      /* with no domain to take over, the budget alone */
      x->stall = unsup || !pass ? 0 : XP_UNROLL_STALL;
      x->last_trace = 0;
      cg_run(sg, v, &exact_domain, &ed, x->smt, &eo, &h, &res);
      x->exact = false;
      done = !res.stopped_by || (strcmp(res.stopped_by, "cycle") &&
                                 strcmp(res.stopped_by, "budget"));
      if (!done) {
        why_not = res.stopped_by;
        tried += res.states;
        cg_result_free(&res);
        memset(&res, 0, sizeof res);
      }
    }
  }
  /* the exact pass did not finish and no domain can take over */
  const char *cut = !done && unsup ? why_not : 0;
  if (cut) {
    res.stopped_by = 0;
    res.refinements = 0;
  } else if (!done)
    cg_run(sg, v, dom, dctx, x->smt, &co, &h, &res);
  res.states += tried;
  cg_result_free(&res); /* the traces are in the report already */
  if (pred) {
    domain_calls = pred_solver_calls(&pd);
    pred_dom_free(&pd);
  } else if (!o->predicate)
    val_dom_free(&vd);
  r->states = res.states;
  r->refinements = res.refinements;
  r->infeasible_candidates = res.infeasible;
  bool lost = xp_lost_reached(x);
  /* the last candidates were cut short although the wait list ran dry */
  if (x->signal_cut && !x->stopped_by) x->stopped_by = "signal";
  if (res.stopped_by && !strcmp(res.stopped_by, "refinements")) {
    /* the last refinement is not explored: its candidates stay open */
    rep_warn(r, "refinement", 0,
             "stopped after %u refinements of the %s precision",
             o->max_refinements, o->predicate ? "predicate" : "explicit-value");
    x->stopped_by = "states";
  }
  progress_end(&x->line);
  /* triggers the product cannot evaluate were taken as false: the sinks
   * reached may not be the automaton's */
  bool trig = as_unsupported_triggers(v) > 0;
  bool unresolved[2] = {false, false};
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < g->nodes.len; i++)
      if (x->unresolved[k][i] && !x->count[k][i]) unresolved[k] = true;
  for (int k = 0; k < 2; k++) {
    rep_component *c = &r->comp[k];
    c->stopped_by = x->stopped_by;
    c->full = o->want[k] && !x->stopped_by && !res.stack_cut &&
              !unresolved[k] && !res.prune_incomplete && !trig &&
              !x->flow_cut && !cut && !lost;
    /* the real reason: code or triggers no analysis models, recursion
     * deeper than the stack bound, or candidates that neither Z3 nor the
     * explicit-value precision could settle */
    if (!c->full && !c->stopped_by && o->want[k])
      c->stopped_by = trig || x->flow_cut || cut || lost ? "unsupported"
                      : res.stack_cut     ? "recursion"
                                          : "precision";
  }
  /* clang left code out of the AST where the search went */
  if (lost)
    rep_warn(r, "unsupported", 0,
             "the CFA lacks %s, in a function the search entered: traces are "
             "paths of the CFA, and no component is complete",
             g->lost);
  if (cut)
    rep_warn(r, "unsupported", 0,
             "the predicate analysis does not model programs with %s; the "
             "search without abstraction %s, so the components are "
             "partial (--analysis explicit models them)",
             unsup,
             !strcmp(cut, "cycle") ? "met a product location twice on a path "
                                     "(a loop or an automaton cycle) and "
                                     "unrolled it until its state budget"
             : !strcmp(cut, "budget") ? "went beyond its state budget"
                                      : "could not run (no large blocks)");
  if (res.prune_incomplete)
    rep_warn(r, "completeness", 0,
             "branches were decided by the solver and states were covered: "
             "traces through "
             "covered states may be missing");
  if (res.stack_cut)
    rep_warn(r, "recursion", 0, "call depth above %d was not explored",
             XP_MAX_STACK);
  /* the smt encoder refuses the edge, so traces through it stay unknown;
   * the executions it adds (after a longjmp, inside a handler) are in no
   * CFA path, so no component can be complete */
  if (x->flow_cut)
    rep_warn(r, "unsupported-control-flow", x->flow_cut->loc.line,
             "the search reached %s at line %u: no trace through it is "
             "reported feasible, and the executions it adds are not in the CFA",
             x->flow_cut->unsupported, x->flow_cut->loc.line);
  for (int k = 0; k < 2; k++)
    if (unresolved[k])
      rep_warn(r, "refinement", 0,
               "%s: some locations have only infeasible or unknown candidates "
               "that the "
               "%s precision cannot rule out",
               k == REP_SAFE ? "safe cones" : "frontier",
               o->predicate ? "predicate" : "explicit-value");
  r->wall_seconds = xp_now(x);
  r->solver_calls = smt_solver_calls(x->smt) + domain_calls;
  for (int k = 0; k < 2; k++) {
    mem_free(x->count[k]);
    mem_free(x->unresolved[k]);
    mem_free(x->unknown_seen[k]);
  }
  cov_compute(r, g, x->visited);
  mem_free(x->visited);
  hmap_free(&x->warned);
  smt_free(x->smt);
  if (x->tsmt) {
    r->solver_calls += smt_solver_calls(x->tsmt);
    smt_free(x->tsmt);
  }
  pb_free(x->pb);
  if (lbe) cfa_free(lbe);
}
