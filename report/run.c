#include "run.h"

#include "analysis/cegar.h"
#include "analysis/exact.h"
#include "analysis/pblock.h"
#include "coverage.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "lib/progress.h"
#include "program/lbe.h"
#include "program/psi.h"
#include "smt/smt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RN_MAX_STACK 64 /* call depth; deeper recursion is cut (not full) */

/* With an automaton and large blocks: states of the tree of product paths
 * tried before the domain (exact.h); a larger tree goes to the domain */
#define RN_EXACT_BUDGET 200000
/* states of the symbolic execution tried next, when the tree met a cycle
 * (each one a solver call); it also stops after RN_UNROLL_STALL states
 * without a new trace: on fse12-systemc its one trace comes within 300
 * states, and the 9700 after it took 16 s, a loop unrolled again and again
 * (in the tests, every symbolic pass that finishes does so within 30) */
#define RN_UNROLL_BUDGET 10000
#define RN_UNROLL_STALL 1000

/* Without an automaton: states of the symbolic execution tried before the
 * domain's search: the tree of paths (exact.h) with the solver cutting
 * infeasible branches and blocks, loops unrolled; a finished tree is every
 * feasible path, so its verdict is exact. Each state costs a solver call. */
#define RN_SYMBOLIC_BUDGET 20000
/* ... and of times a path may pass one location (a loop that stays
 * feasible, like a `while (nondet)`, hands over at once) */
#define RN_SYMBOLIC_UNROLL 1
/* ... and the call depth of its first pass (rn_symbolic) */
#define RN_SYMBOLIC_DEPTH 8

typedef struct {
  const cfa *g;  /* the program's CFA */
  const cfa *sg; /* the one searched (summarised by large blocks) */
  const as_view *v;
  const rn_options *o;
  const an_analysis *a;
  rep_report *r;
  rn_result *res;
  lim lim;  /* the run's limits and clock */
  lim *ctx; /* where the live solvers are watched */
  smt_ctx *smt;
  /* with an automaton and large blocks: the blocks in product with the
   * automaton, and a second solver context that checks each feasible
   * candidate again at statement granularity for its inputs */
  pb_cache *pb;
  smt_ctx *tsmt;
  void *dom; /* the domain's context (an_analysis.make), or NULL */
  stop_reason stopped_by;
  /* the passes without abstraction (exact.h) */
  bool exact;
  unsigned long budget; /* their states */
  unsigned long stall;  /* and states without a new trace (0: any) */
  unsigned long states_now, last_trace; /* states so far, at the last trace */
  const cg_result *cr; /* the running search's figures (progress) */
  /* with an automaton: per component, traces per end node and
   * unresolved locations */
  hmap warned; /* (transition, edge) pairs already warned about */
  unsigned *count[2];
  unsigned char *unresolved[2];   /* this round: candidate not resolved */
  unsigned char *unknown_seen[2]; /* an unknown trace was reported */
  progress line;                  /* on stderr, when o->progress */
  unsigned char *visited;         /* by edge id: taken this round */
  /* this round: an edge whose control flow the CFA lacks was reached */
  const cfa_edge *flow_cut;
  bool signal_cut; /* a candidate was left unchecked because of a signal */
  /* without an automaton */
  const as_view *cond;         /* rn_options.condition */
  bool unsound;                /* the ARG does not speak for the program */
  unsigned long left_open;     /* rn_options.open_targets: paths left */
  bool found;                  /* a feasible counterexample */
  /* the counterexample's node, when smt holds its tree path (the target
   * hook left it pushed, cegar.c cg_on_target), with the solver's depth
   * and calls then: the report of the automaton starts from that path
   * (rn_exec_held) instead of encoding it again */
  const pr_node *held;
  size_t held_depth;
  unsigned long held_calls;
  char *open_reason;           /* a target neither feasible nor refined away */
  const cfa_edge *unsupported; /* an explored edge not modelled */
  unsigned char *fn_seen; /* by function id: the search took an edge there */
} rn;

const char *rn_verdict_name(rn_verdict v) {
  return v == RN_TRUE ? "TRUE" : v == RN_FALSE ? "FALSE" : "UNKNOWN";
}

static double rn_now(const rn *x) { return lim_now(&x->lim); }

static const char *rn_fname(const cfa_node *n) {
  return n && n->function ? n->function->name : 0;
}

/* ---------- the one trace builder ---------- */

/* A statement of a trace: an edge of the program's CFA and the automaton
 * states around it (0 without an automaton). */
typedef struct {
  const cfa_edge *e;
  unsigned from, to;
} rn_item;

typedef VEC(rn_item) rn_items;

/* The statements of block b, the first path through it (each node's
 * first edge in b->block), with automaton states from..to around them (the
 * states inside are not known here: `from` until the last). False when
 * no such path leads to the block's target. */
static bool rn_items_first_path(const cfa_edge *b, unsigned from, unsigned to,
                                rn_items *out) {
  const cfa_node *at = cfa_block_source(b), *end = cfa_block_target(b);
  for (size_t guard = 0; at != end; guard++) {
    const cfa_edge *c = 0;
    for (size_t j = 0; j < b->nblock && !c; j++)
      if (b->block[j]->from == at) c = b->block[j];
    if (!c || guard > b->nblock) return false;
    at = c->to;
    rn_item it = {c->orig ? c->orig : c, from, at == end ? to : from};
    VEC_PUSH(*out, it);
  }
  return true;
}

/* The edges of the ARG path to n, then e (whose last automaton step is
 * st); a large block on it (an unknown candidate whose blocks could not be
 * followed through the automaton) as its first path. */
static void rn_items_path(const rn *x, const pr_node *n, const cfa_edge *e,
                          const as_step *st, rn_items *out) {
  const pr_node **path;
  size_t len = pr_path(n, &path);
  for (size_t i = 0; i <= len; i++) {
    const cfa_edge *pe = i < len ? path[i]->edge : e;
    if (!pe) break;
    unsigned qf = !x->v ? 0 : i < len ? path[i]->aa_from
                          : st->neps ? st->eps_from
                                     : n->q;
    unsigned qt = !x->v ? 0 : i < len ? path[i]->q : st->target;
    if (pe->kind == CFA_BLOCK && rn_items_first_path(pe, qf, qt, out))
      continue;
    rn_item it = {pe, qf, qt};
    VEC_PUSH(*out, it);
  }
  mem_free(path);
}

/* The statements of the product path to n, then e (step st), blocks
 * replaced by the path `flat` takes through them: the edges of
 * smt_expand_path (copies of a restricted block's edges, originals
 * otherwise) or, with flat NULL, the first path through each block.
 * False when flat does not fit the product path. */
static bool rn_items_blocks(const rn *x, const pr_node *n, const cfa_edge *e,
                            const as_step *st, const cfa_edge *const *flat,
                            size_t nflat, rn_items *out) {
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
      rn_item it = {o, qf, qt};
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
      rn_item it = {ps->e, ps->s.neps ? ps->s.eps_from : ps->q, ps->s.target};
      VEC_PUSH(*out, it);
      at = c->to;
    }
  }
  mem_free(path);
  return ok && (!flat || k == nflat);
}

/* A statement's kind (a block that could not be expanded, which
 * rn_items_path leaves only when its inner edges lead nowhere, is shown as
 * a blank step rather than taken for a statement) */
static rep_step_kind rn_kind(const cfa_edge *e) {
  return e->kind == CFA_BLOCK ? REP_STEP_BLANK : rep_step_kind_of(e->kind);
}

static const char *rn_state(const rn *x, unsigned q) {
  return x->v ? rep_strdup(x->r, as_state_name(x->v, q)) : 0;
}

/* The steps of items[0..n) into t, and its end: where the edge `end_e`
 * leads, or (end_e NULL) the node end_n. */
static void rn_fill(rn *x, rep_trace *t, const rn_item *items, size_t n,
                    const cfa_edge *end_e, const cfa_node *end_n) {
  rep_report *r = x->r;
  for (size_t i = 0; i < n; i++) {
    const cfa_edge *e = items[i].e;
    if (e->assumption) continue; /* an automaton's ASSUME: no statement */
    rep_step s = {e->loc.line,
                  rep_strdup(r, rn_fname(e->from)),
                  rn_kind(e),
                  rep_strdup(r, e->raw),
                  rn_state(x, items[i].from),
                  rn_state(x, items[i].to),
                  e->id,
                  e->from->id,
                  e->to->id};
    VEC_PUSH(t->steps, s);
  }
  if (end_e) {
    t->end_line = end_e->loc.line;
    t->end_node = end_e->to->id;
    t->end_function = rep_strdup(r, end_e->to->function ? rn_fname(end_e->to)
                                                        : rn_fname(end_e->from));
  } else {
    t->end_line = end_n->line;
    t->end_node = end_n->id;
    t->end_function = rep_strdup(r, rn_fname(end_n));
  }
  t->end_file = r->program_path;
}

/* The inputs of model m of the path items[0..n) into t, at the steps
 * rn_fill made of the items (which leave the automaton's ASSUMEs out):
 * step i of the path is step i - before[i] of the trace, before[i] the
 * ASSUMEs among items[0..i) (counted once: a model of a long path has an
 * input or value at most of its steps). */
static void rn_fill_inputs(rn *x, rep_trace *t, const smt_model *m,
                           const rn_item *items, size_t n) {
  if (!m) return;
  size_t *before = mem_alloc((n + 1) * sizeof *before);
  before[0] = 0;
  for (size_t k = 0; k < n; k++)
    before[k + 1] = before[k] + (items[k].e->assumption ? 1 : 0);
  for (size_t i = 0; i < m->ninputs; i++) {
    const smt_input *in = &m->inputs[i];
    if (in->step >= n) continue; /* past a trace cut at undefined behaviour */
    size_t step = in->step - before[in->step];
    rep_input_add(x->r, t, (unsigned)in->index, in->function, in->line,
                  in->type, in->value, (unsigned)step);
    if (in->kind == SMT_INPUT_WRITTEN) {
      rep_written w = {in->object,         in->call,
                       in->arg,            in->nvia,
                       in->via,            in->ndims,
                       in->count,          in->stride,
                       in->nparams,        (const char *const *)in->params};
      rep_input_written(x->r, t, &w);
    }
  }
  for (size_t i = 0; i < m->nvalues; i++) {
    const smt_value *v = &m->values[i];
    if (v->step >= n) continue;
    rep_assigned_add(x->r, t, (unsigned)(v->step - before[v->step]), v->name,
                     v->value);
  }
  mem_free(before);
}

/* A feasible trace of the ARG path to n, then e (step s), with the
 * model's inputs; sealed. */
static rep_trace *rn_trace_path(rn *x, rep_component_kind k, const pr_node *n,
                                const cfa_edge *e, const as_step *s,
                                const smt_model *m) {
  rn_items items = {0};
  rn_items_path(x, n, e, s, &items);
  rep_trace *t = rep_trace_new(x->r, k, true, 0);
  rn_fill(x, t, items.data, items.len, e, cfa_node_base(n->loc));
  rn_fill_inputs(x, t, m, items.data, items.len);
  rep_trace_seal(t);
  VEC_FREE(items);
  return t;
}

/* A candidate through large blocks that the solver found feasible: the
 * statements a model takes (smt_expand_path), checked again at statement
 * granularity for the inputs (on tsmt with an automaton, else on the same
 * context, which serves both CFAs). The block encoding is exact, so the
 * answer is expected to be FEASIBLE; anything else is said. Returns the
 * trace, sealed, or NULL with *why (mem_free). */
static rep_trace *rn_trace_blocks(rn *x, rep_component_kind k,
                                  const pr_node *n, const cfa_edge *e,
                                  const as_step *s, char **why) {
  const cfa_edge **flat;
  size_t nflat = smt_expand_path(x->smt, &flat);
  rn_items items = {0};
  rep_trace *t = 0;
  *why = 0;
  bool ok;
  if (x->pb)
    ok = (nflat || (!n->parent && !e)) &&
         rn_items_blocks(x, n, e, s, flat, nflat, &items);
  else {
    ok = nflat > 0;
    for (size_t i = 0; i < nflat; i++) {
      rn_item it = {flat[i], 0, 0};
      VEC_PUSH(items, it);
    }
  }
  if (!ok) {
    *why = mem_strdup("its large blocks could not be expanded into "
                      "statements");
    goto done;
  }
  const cfa_edge **edges = mem_alloc((items.len + 1) * sizeof *edges);
  for (size_t i = 0; i < items.len; i++) edges[i] = items.data[i].e;
  smt_model *m = 0;
  char *r = 0;
  smt_result res = smt_check_path(x->tsmt ? x->tsmt : x->smt, edges,
                                  items.len, &m, &r);
  mem_free(edges);
  if (res != SMT_FEASIBLE) {
    *why = mem_printf("its statement-level path is %s%s%s",
                      smt_result_name(res), r ? ": " : "", r ? r : "");
  } else {
    t = rep_trace_new(x->r, k, true, 0);
    const cfa_edge *last = items.len ? items.data[items.len - 1].e : 0;
    rn_fill(x, t, items.data, items.len, last,
            last ? 0 : cfa_node_base(n->loc));
    rn_fill_inputs(x, t, m, items.data, items.len);
    rep_trace_seal(t);
  }
  smt_model_free(m);
  mem_free(r);
done:
  VEC_FREE(items);
  mem_free(flat);
  return t;
}

/* ---------- the hooks every run shares ---------- */

static void rn_progress(rn *x, unsigned long states) {
  const rn_options *o = x->o;
  if (o->on_progress)
    o->on_progress(o->progress_arg, x->exact ? "symbolic execution" : 0,
                   states, x->cr ? x->cr->refinements : 0);
  if (!o->progress || !progress_due(&x->line)) return;
  progress_show(&x->line, false,
                "erep: %lu states, %zu safe, %zu frontier, %lu solver calls, "
                "%.1f s",
                states, x->r->comp[REP_SAFE].traces.len,
                x->r->comp[REP_FRONTIER].traces.len, smt_solver_calls(x->smt),
                rn_now(x));
}

static bool rn_signalled(const rn *x) { return lim_signalled(&x->lim); }

/* cg_hooks.stopping: any limit of the run but the states, met now (cegar
 * asks between checks and while it encodes a long path), is its stop */
static bool rn_stopping(void *arg) {
  rn *x = arg;
  lim_pause_due(&x->lim);
  if (!x->stopped_by) x->stopped_by = lim_over(&x->lim);
  return x->stopped_by != STOP_NONE;
}

static stop_reason rn_stop(void *arg, unsigned long states) {
  rn *x = arg;
  x->states_now = states;
  if (x->found) return STOP_COUNTEREXAMPLE;
  /* not a stop of the run: the domain takes over */
  if (x->exact && !x->stopped_by &&
      (states >= x->budget ||
       (x->stall && states >= x->last_trace + x->stall)))
    return STOP_BUDGET;
  if (!x->stopped_by) x->stopped_by = lim_reason(&x->lim, states);
  if (!x->stopped_by) rn_progress(x, states);
  return x->stopped_by;
}

static double rn_time_left(void *arg) {
  rn *x = arg;
  return lim_time_left(&x->lim);
}

/* Too little time left to start a solver check (cegar.h). */
static bool rn_time_spent(const rn *x) {
  return lim_time_spent(&x->lim, CG_MIN_CHECK_SECONDS);
}

/* A round begins: only the last round's search speaks for completeness. */
static void rn_round(void *arg) {
  rn *x = arg;
  if (x->v)
    for (int k = 0; k < 2; k++)
      memset(x->unresolved[k], 0, x->g->nodes.len + 1);
  else
    memset(x->fn_seen, 0, x->g->functions.len + 1);
}

/* Every step: edges taken and what they hold; with an automaton, a
 * catch-all that fired next to a MATCH that nearly matched the edge (the
 * automaton may mean this edge, so the sink it leads to is suspect). */
static void rn_on_step(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s) {
  rn *x = arg;
  (void)n;
  if (!x->v) {
    if ((e->unsupported || e->unsupported_flow) && !x->unsupported)
      x->unsupported = e;
    if (e->from->function) x->fn_seen[e->from->function->id] = 1;
    return;
  }
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

/* ---------- candidates into automaton sinks (erep report) ---------- */

static bool rn_wanted(void *arg, bool is_true, unsigned loc) {
  rn *x = arg;
  rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
  return x->o->want[k] && x->count[k][loc] < x->o->traces_per_location;
}

/* A feasible trace t of component k ends at loc. */
static void rn_found(rn *x, rep_component_kind k, unsigned loc, rep_trace *t) {
  x->count[k][loc]++;
  x->unresolved[k][loc] = 0;
  x->last_trace = x->states_now;
  if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = rn_now(x);
  if (x->o->on_trace) {
    progress_end(&x->line);
    x->o->on_trace(t, x->o->arg);
  }
}

/* An unknown candidate: one trace per location is enough to say why. */
static void rn_unknown_trace(rn *x, rep_component_kind k, const pr_node *n,
                             const cfa_edge *e, const as_step *s,
                             const char *reason, size_t at) {
  rep_trace *t = rep_trace_new(x->r, k, false,
                               reason ? reason : "solver gave no answer");
  rn_items items = {0};
  if (x->pb && rn_items_blocks(x, n, e, s, 0, 0, &items)) {
    /* one of its paths */
    const cfa_edge *last = items.len ? items.data[items.len - 1].e : 0;
    rn_fill(x, t, items.data, items.len, last,
            last ? 0 : cfa_node_base(n->loc));
  } else {
    items.len = 0;
    rn_items_path(x, n, e, s, &items);
    rn_fill(x, t, items.data, items.len, e, cfa_node_base(n->loc));
    /* the step where the proof stopped: `at` of the path checked (the
     * product path, no blocks), as a step of the trace (which leaves the
     * automaton's ASSUMEs out) */
    if (!x->pb && at < items.len && !items.data[at].e->assumption) {
      size_t st = 0;
      for (size_t i = 0; i < at; i++)
        st += !items.data[i].e->assumption;
      t->has_unknown_step = true;
      t->unknown_step = (unsigned)st;
    }
  }
  VEC_FREE(items);
  rep_trace_seal(t);
}

/* A trace that reaches undefined behaviour at statement `step` of the
 * statements items[0..n) (the path the solver checked), with the inputs
 * and values of the execution it found; sealed. The trace's end is the
 * candidate's (e, else node end_n). */
static void rn_undefined_items(rn *x, rep_component_kind k,
                               const rn_item *items, size_t n,
                               const cfa_edge *e, const cfa_node *end_n,
                               size_t step, const char *what,
                               const smt_model *m) {
  size_t len = step < n ? step + 1 : n;
  rep_trace *t = rep_trace_new_undefined(x->r, k, what);
  rn_fill(x, t, items, len, e, end_n);
  rn_fill_inputs(x, t, m, items, len);
  t->ub_step = t->steps.len ? (unsigned)t->steps.len - 1 : 0;
  /* what the undefined step itself assigns is no value of the program:
   * the model gives it whatever (x = *p with p NULL); the inputs it reads
   * stay, for a harness that gets there */
  size_t kept = 0;
  for (size_t i = 0; i < t->values.len; i++)
    if (t->values.data[i].step < t->ub_step)
      t->values.data[kept++] = t->values.data[i];
  t->values.len = kept;
  if (t->steps.len) t->steps.data[t->steps.len - 1].aa_to = 0;
  rep_trace_seal(t);
}

/* A candidate that reaches undefined behaviour (smt_undefined) at `step`
 * of the product path the solver checked (no large blocks). */
static void rn_undefined_trace(rn *x, rep_component_kind k, const pr_node *n,
                               const cfa_edge *e, const as_step *s,
                               size_t step, const char *what,
                               const smt_model *m) {
  rn_items items = {0};
  rn_items_path(x, n, e, s, &items);
  rn_undefined_items(x, k, items.data, items.len, e, cfa_node_base(n->loc),
                     step, what, m);
  VEC_FREE(items);
}

/* The same through large blocks: the statements the solver's execution
 * takes (smt_undefined_expand), checked again at statement level on tsmt,
 * where the undefined step is a statement. False with *why (mem_free)
 * when that check does not find it. */
static bool rn_undefined_blocks(rn *x, rep_component_kind k, const pr_node *n,
                                const cfa_edge *e, const as_step *s,
                                char **why) {
  const cfa_edge **flat;
  size_t nflat = smt_undefined_expand(x->smt, &flat);
  rn_items items = {0};
  bool made = false;
  *why = 0;
  if (!nflat || !x->tsmt || !rn_items_blocks(x, n, e, s, flat, nflat, &items)) {
    *why = mem_strdup("undefined behaviour on the path, whose large blocks "
                      "could not be expanded into statements");
    goto done;
  }
  const cfa_edge **edges = mem_alloc((items.len + 1) * sizeof *edges);
  for (size_t i = 0; i < items.len; i++) edges[i] = items.data[i].e;
  smt_model *m = 0, *um = 0;
  char *r = 0, *what = 0;
  size_t step = 0;
  smt_result res = smt_check_path(x->tsmt, edges, items.len, &m, &r);
  mem_free(edges);
  if (res == SMT_UNKNOWN && smt_undefined(x->tsmt, &step, &what, &um)) {
    const cfa_edge *last = items.len ? items.data[items.len - 1].e : 0;
    rn_undefined_items(x, k, items.data, items.len, last,
                       last ? 0 : cfa_node_base(n->loc), step, what, um);
    made = true;
  } else
    *why = mem_printf("undefined behaviour on the path of large blocks; its "
                      "statements are %s%s%s",
                      smt_result_name(res), r ? ": " : "", r ? r : "");
  smt_model_free(m);
  smt_model_free(um);
  mem_free(r);
  mem_free(what);
done:
  VEC_FREE(items);
  mem_free(flat);
  return made;
}

static void rn_decided(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s, bool is_true, smt_result res,
                       const smt_model *m, const char *reason) {
  rn *x = arg;
  rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
  unsigned loc = e ? e->to->id : n->loc->id;
  char *why = 0;
  bool undefined = false;
  if (res == SMT_FEASIBLE && x->pb) {
    rep_trace *t = rn_trace_blocks(x, k, n, e, s, &why);
    if (!t) {
      res = SMT_UNKNOWN;
      reason = why;
    } else {
      rn_found(x, k, loc, t);
      return;
    }
  }
  if (res == SMT_FEASIBLE) {
    rn_found(x, k, loc, rn_trace_path(x, k, n, e, s, m));
  } else if (res == SMT_INFEASIBLE) {
    /* without abstraction the candidate is its product path, and every
     * path is a candidate: ruled out, not open */
    if (!x->exact) x->unresolved[k][loc] = 1;
  } else {
    /* a check cut short (or skipped) because of a signal says nothing
     * about the trace */
    if (rn_signalled(x))
      x->signal_cut = true;
    else if (!reason && (x->stopped_by || rn_time_spent(x))) {
      /* not checked: a limit of the run */
      if (!x->stopped_by) x->stopped_by = STOP_TIME;
    } else {
      /* undefined behaviour on the way, proved reachable: a class of its
       * own (with large blocks its step is a block's: unknown) */
      size_t ub = 0;
      char *what = 0;
      smt_model *um = 0;
      /* (a reason: this candidate was checked, so what smt holds is its;
       * with large blocks the block encoding is exact, so its proof
       * holds, and the statement it is at is found again) */
      undefined = reason && smt_undefined(x->smt, &ub, &what, &um);
      if (!x->unknown_seen[k][loc]) {
        char *w2 = 0;
        if (undefined && !x->pb)
          rn_undefined_trace(x, k, n, e, s, ub, what, um);
        else if (!undefined || !rn_undefined_blocks(x, k, n, e, s, &w2)) {
          /* (its statements not found again: unknown, and open) */
          undefined = false;
          rn_unknown_trace(x, k, n, e, s, w2 ? w2 : reason,
                           reason && !w2 ? smt_unknown_step(x->smt)
                                         : SIZE_MAX);
        }
        mem_free(w2);
        x->unknown_seen[k][loc] = 1;
      }
      mem_free(what);
      smt_model_free(um);
    }
    /* a candidate blocked by undefined behaviour settles its location
     * where it is the one path there (the exact domain), as an infeasible
     * one does */
    if (!undefined || !x->exact) x->unresolved[k][loc] = 1;
  }
  mem_free(why);
}

/* ---------- paths to error locations (erep verify) ---------- */

static void rn_counterexample(rn *x, rep_trace *t) {
  x->found = true;
  x->res->cex = t;
  if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = rn_now(x);
}

static void rn_target(void *arg, const pr_node *n, smt_result res,
                      const smt_model *m, const char *reason) {
  rn *x = arg;
  if (x->found) return;
  if (res == SMT_FEASIBLE && x->res->lbe) {
    /* a counterexample is FALSE only when its statement-level path is
     * FEASIBLE too */
    char *why = 0;
    rep_trace *t = rn_trace_blocks(x, REP_FRONTIER, n, 0, 0, &why);
    if (t)
      rn_counterexample(x, t);
    else if (rn_time_spent(x) && !x->stopped_by)
      x->stopped_by = STOP_TIME; /* its encoding or check was cut short */
    else if (!x->open_reason)
      x->open_reason = mem_printf(
          "the path to the error location at line %u: %s", n->loc->line, why);
    mem_free(why);
    return;
  }
  if (res == SMT_FEASIBLE) {
    rn_counterexample(x, rn_trace_path(x, REP_FRONTIER, n, 0, 0, m));
    x->held = n;
    x->held_depth = smt_depth(x->smt);
    x->held_calls = smt_solver_calls(x->smt);
    return;
  }
  if (x->open_reason) return;
  if (res == SMT_INFEASIBLE && x->exact) return; /* the path, ruled out */
  if (x->o->open_targets && (res == SMT_INFEASIBLE || reason)) {
    x->left_open++; /* a __FALSE of the automaton, for the next phase */
    return;
  }
  if (res == SMT_INFEASIBLE)
    x->open_reason = mem_printf(
        "an infeasible path to the error location at line %u: refinement "
        "found no new %s",
        n->loc->line, x->a->refined);
  else if (reason)
    x->open_reason = mem_printf(
        "the path to the error location at line %u: %s", n->loc->line, reason);
  else if (x->stopped_by || rn_time_spent(x)) { /* not checked: a limit */
    if (!x->stopped_by) x->stopped_by = STOP_TIME;
  } else if (!rn_signalled(x))
    x->open_reason = mem_printf(
        "the path to the error location at line %u: solver gave no answer",
        n->loc->line);
  else if (!x->stopped_by) /* the check was cut short by the signal */
    x->stopped_by = STOP_SIGNAL;
}

/* ---------- set-up and the passes ---------- */

static void rn_smt_interrupt(void *s) { smt_interrupt(s); }

/* The solver context s of the run: bounded by its deadline, interrupted
 * by a signal. */
static smt_ctx *rn_watch_smt(rn *x, smt_ctx *s) {
  smt_set_deadline(s, lim_deadline(&x->lim));
  lim_watch(x->ctx, rn_smt_interrupt, s);
  return s;
}

/* The domain's context for the searched CFA (NULL when the row has no
 * domain or the program is one it does not model). */
static void rn_make_domain(rn *x, bool large_blocks) {
  const an_analysis *a = x->a;
  an_setup s = {x->sg,
                large_blocks,
                x->smt,
                x->o->solver_timeout_ms,
                x->o->bdd,
                x->o->pred_scope,
                x->o->pred_cuts,
                x->o->pred_newton,
                &x->lim,
                x->o->open_targets};
  x->dom = a->make(&s);
  if (a->interrupt) lim_watch(x->ctx, a->interrupt, x->dom);
}

static void rn_free_domain(rn *x, an_figures *f) {
  if (!x->dom) return;
  if (f) x->a->figures(x->dom, f);
  if (x->a->interrupt) lim_unwatch(x->ctx, x->dom);
  x->a->free(x->dom);
  x->dom = 0;
}

/* One pass without abstraction (exact.h): `pass` 0 the tree of product
 * paths, 1 symbolic execution (the solver cuts infeasible branches, loops
 * unrolled up to max_unroll times, 0: unbounded). True when it decided
 * the run (it finished, or a limit stopped it); false when it handed over
 * (a cycle, its budget), *tried its states. */
static bool rn_exact_pass(rn *x, const cg_options *co, const cg_hooks *h,
                          int pass, unsigned max_unroll, cg_result *res,
                          unsigned long *tried) {
  exact_dom ed;
  exact_dom_init(&ed);
  cg_options eo = *co;
  eo.no_prune = eo.acyclic = true;
  eo.unroll = eo.prune = pass == 1;
  eo.max_unroll = max_unroll;
  x->exact = true;
  x->last_trace = 0;
  x->cr = res;
  cg_run(x->sg, x->v ? x->v : x->cond, &exact_domain, &ed, x->smt, &eo, h,
         res);
  x->exact = false;
  bool handed = res->stopped_by == STOP_CYCLE || res->stopped_by == STOP_BUDGET;
  if (!handed) return true;
  *tried += res->states;
  return false;
}

/* ---------- erep report: the components ---------- */

/* Whether the search took an edge of a function in which clang dropped
 * calls (cfa_lost_functions): paths that never enter such a function are
 * the program's own. */
static bool rn_lost_reached(const rn *x) {
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

/* Large blocks in product with the automaton (pblock.h), when the row
 * wants them: the CFA searched keeps g's node ids, its blocks are cut
 * where the automaton leaves them, and traces are reported at statement
 * granularity. NULL: single blocks (not wanted, or they failed: said). */
static cfa *rn_blocks_automaton(rn *x) {
  if (!x->a->large_blocks || x->o->sbe || x->g->lost) return 0;
  char *err = 0;
  /* the edges an ASSUME condition may follow stay single (psi.h) */
  const psi_set *ps = as_view_psi(x->v);
  unsigned char *single = ps ? psi_edges(ps) : 0;
  cfa *lbe = lbe_summarise_keep(x->g, single, &err);
  mem_free(single);
  if (!lbe) {
    rep_warn(x->r, "lbe", 0, "large-block encoding failed (%s): single blocks",
             err ? err : "?");
    mem_free(err);
    return 0;
  }
  x->sg = lbe;
  x->pb = pb_new(lbe, x->v);
  x->tsmt = rn_watch_smt(x, smt_new(x->g, x->o->solver_timeout_ms));
  return lbe;
}

/* The warnings and completeness of the components after the search. */
/* What the encoding assumes of g that a reader must know: allocations
 * never fail (smt.h). */
static void rn_warn_assumptions(rep_report *r, const cfa *g) {
  unsigned at = 0;
  const char *alloc = cfa_first_alloc_call(g, cfa_is_modelled_alloc, &at);
  if (alloc)
    rep_warn(r, "assumption", at,
             "the program allocates memory (%s at line %u): erep assumes, as "
             "SV-COMP's rules do, that an allocation never fails (never "
             "returns NULL)",
             alloc, at);
}

static void rn_components(rn *x, const cg_result *res, stop_reason cut,
                          const char *unsup) {
  rep_report *r = x->r;
  const rn_options *o = x->o;
  const cfa *g = x->g;
  bool lost = rn_lost_reached(x);
  /* the last candidates were cut short although the wait list ran dry */
  if (x->signal_cut && !x->stopped_by) x->stopped_by = STOP_SIGNAL;
  if (res->stopped_by == STOP_REFINEMENTS) {
    /* the last refinement is not explored: its candidates stay open */
    rep_warn(r, "refinement", 0, "stopped after %u refinements of the %s "
             "precision", o->max_refinements, x->a->precision);
    x->stopped_by = STOP_STATES;
  }
  progress_end(&x->line);
  /* triggers the product cannot evaluate were taken as false: the sinks
   * reached may not be the automaton's */
  bool trig = as_unsupported_triggers(x->v) > 0;
  bool unresolved[2] = {false, false};
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < g->nodes.len; i++)
      if (x->unresolved[k][i] && !x->count[k][i]) unresolved[k] = true;
  for (int k = 0; k < 2; k++) {
    rep_component *c = &r->comp[k];
    c->stopped_by = x->stopped_by;
    c->full = o->want[k] && !x->stopped_by && !res->stack_cut &&
              !unresolved[k] && !res->prune_incomplete && !trig &&
              !x->flow_cut && !cut && !lost;
    /* the real reason: code or triggers no analysis models, recursion
     * deeper than the stack bound, or candidates that neither Z3 nor the
     * precision could settle */
    if (!c->full && !c->stopped_by && o->want[k])
      c->stopped_by = trig || x->flow_cut || cut || lost ? STOP_UNSUPPORTED
                      : res->stack_cut                   ? STOP_RECURSION
                                                         : STOP_PRECISION;
  }
  /* clang left code out of the AST where the search went */
  if (lost)
    rep_warn(r, "unsupported", 0,
             "the CFA lacks %s, in a function the search entered: traces are "
             "paths of the CFA, and no component is complete",
             g->lost);
  if (cut)
    rep_warn(r, "unsupported", 0,
             "the %s analysis does not model programs with %s; the "
             "search without abstraction %s, so the components are "
             "partial (--analysis explicit models them)",
             x->a->name, unsup,
             cut == STOP_CYCLE ? "met a product location twice on a path "
                                 "(a loop or an automaton cycle) and "
                                 "unrolled it until its state budget"
             : cut == STOP_BUDGET ? "went beyond its state budget"
                                  : "could not run (no large blocks)");
  if (res->prune_incomplete)
    rep_warn(r, "completeness", 0,
             "branches were decided by the solver and states were covered: "
             "traces through "
             "covered states may be missing");
  if (res->stack_cut)
    rep_warn(r, "recursion", 0, "call depth above %d was not explored",
             RN_MAX_STACK);
  rn_warn_assumptions(r, g);
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
               k == REP_SAFE ? "safe cones" : "frontier", x->a->precision);
}

/* erep report: the product with the automaton, its traces and components */
static void rn_automaton(rn *x) {
  const rn_options *o = x->o;
  const cfa *g = x->g;
  rep_report *r = x->r;
  if (o->progress) progress_init(&x->line, stderr); /* else: off */
  cfa *lbe = rn_blocks_automaton(x);
  /* one Z3 context for the run (smtz_share) */
  x->smt = rn_watch_smt(
      x, smt_new_sharing(x->sg, o->solver_timeout_ms, x->tsmt));
  for (int k = 0; k < 2; k++) {
    x->count[k] = mem_calloc(g->nodes.len + 1, sizeof *x->count[k]);
    x->unresolved[k] = mem_calloc(g->nodes.len + 1, 1);
    x->unknown_seen[k] = mem_calloc(g->nodes.len + 1, 1);
    r->want[k] = o->want[k];
  }
  x->visited = mem_calloc(g->edges.len + 1, 1);
  /* a program the domain does not model (pointers, for predicates) gets
   * only the passes without abstraction, which need no domain */
  const char *unsup = x->a->supported ? x->a->supported(g) : 0;
  if (!unsup) rn_make_domain(x, x->pb != 0);
  cg_options co = {.dfs = o->dfs,
                   .max_depth = RN_MAX_STACK,
                   .max_refinements = o->max_refinements,
                   .solver_timeout_ms = o->solver_timeout_ms,
                   .blocks = x->pb,
                   .lazy = x->a->lazy,
                   .refine_undefined = true};
  cg_hooks h = {x,       rn_wanted, rn_decided,   rn_on_step,
                rn_stop, rn_round,  rn_time_left, rn_stopping, 0};
  cg_result res = {0};
  unsigned long tried = 0; /* states of passes given up */
  bool done = false;
  stop_reason why_not = STOP_NONE; /* why the passes did not settle it */
  if (x->pb) {
    /* First the tree of product paths without abstraction: with an
     * automaton that bounds every path (a depth automaton), its candidates
     * are decided exactly and no refinement is needed; the restricted
     * blocks keep the tree small. An automaton or loop that repeats a
     * product location, or a tree beyond RN_EXACT_BUDGET states, hands
     * over to the domain, keeping the traces found. Then, at a cycle,
     * symbolic execution: loops unrolled until they are infeasible (a
     * finished tree is every feasible path, so the result is exact again)
     * or RN_UNROLL_BUDGET states; it finds traces where the predicate
     * analysis may need many refinements. A program the domain does not
     * model gets only this, up to the larger budget. */
    for (int pass = unsup ? 1 : 0; pass < 2 && !done; pass++) {
      x->budget = unsup || !pass ? RN_EXACT_BUDGET : RN_UNROLL_BUDGET;
      /* with no domain to take over, the budget alone */
      x->stall = unsup || !pass ? 0 : RN_UNROLL_STALL;
      done = rn_exact_pass(x, &co, &h, pass, 0, &res, &tried);
      if (!done) {
        why_not = res.stopped_by;
        cg_result_free(&res);
        memset(&res, 0, sizeof res);
      }
    }
  }
  /* the passes did not finish and no domain can take over */
  stop_reason cut = !done && unsup ? (why_not ? why_not : STOP_UNSUPPORTED)
                                   : STOP_NONE;
  if (cut) {
    res.stopped_by = STOP_NONE;
    res.refinements = 0;
  } else if (!done) {
    x->cr = &res;
    cg_run(x->sg, x->v, x->a->domain, x->dom, x->smt, &co, &h, &res);
  }
  res.states += tried;
  cg_result_free(&res); /* the traces are in the report already */
  an_figures f = {0};
  rn_free_domain(x, &f);
  r->states = res.states;
  r->refinements = res.refinements;
  r->infeasible_candidates = res.infeasible;
  rn_components(x, &res, cut, unsup);
  r->wall_seconds = rn_now(x);
  r->solver_calls = smt_solver_calls(x->smt) + f.solver_calls;
  for (int k = 0; k < 2; k++) {
    mem_free(x->count[k]);
    mem_free(x->unresolved[k]);
    mem_free(x->unknown_seen[k]);
  }
  cov_compute(r, g, x->visited);
  mem_free(x->visited);
  hmap_free(&x->warned);
  lim_unwatch(x->ctx, x->smt);
  smt_free(x->smt);
  if (x->tsmt) {
    r->solver_calls += smt_solver_calls(x->tsmt);
    lim_unwatch(x->ctx, x->tsmt);
    smt_free(x->tsmt);
  }
  pb_free(x->pb);
  if (lbe) cfa_free(lbe);
}

/* ---------- erep verify: the verdict ---------- */

/* With a condition automaton: a path into its __TRUE was verified by the
 * run that wrote it, and ends there unchecked. */
static bool rn_no_candidate(void *arg, bool is_true, unsigned loc) {
  (void)arg;
  (void)is_true;
  (void)loc;
  return false;
}

/* ---------- the report of the collected automaton ---------- */

/* Candidates of one end location of one component, in sinks order. */
typedef struct {
  unsigned end;  /* node id of the original CFA */
  int kind;      /* rep_component_kind */
  size_t first;  /* first index into the sorted candidates */
} rn_end;

static int rn_sink_cmp(const void *a, const void *b) {
  const ac_sink *x = a, *y = b;
  unsigned end_x = x->e ? cfa_node_base(x->e->to)->id : 0;
  unsigned end_y = y->e ? cfa_node_base(y->e->to)->id : 0;
  if (x->is_true != y->is_true) return x->is_true ? -1 : 1;
  if (end_x != end_y) return end_x < end_y ? -1 : 1;
  unsigned long ix = x->from ? x->from->id : 0, iy = y->from ? y->from->id : 0;
  return ix < iy ? -1 : ix > iy;
}

typedef VEC(const pr_node *) rn_on;

/* Make the solver's path the tree path to n, keeping what `on` (the nodes
 * whose edges are pushed) shares with it; false when the memory limit was
 * spent on the way (a long path's encoding grows: the forever loop of
 * tests/verify_limits.sh has one of 800,000 steps), `on` then a prefix. */
#define RN_SYNC_MEMORY_EVERY 4096
static bool rn_exec_sync(rn *x, rn_on *on, const pr_node *n) {
  const pr_node **path;
  size_t len = pr_path(n, &path), k = 0;
  if (smt_depth(x->smt) != on->len) { /* someone else used the context */
    smt_pop(x->smt, smt_depth(x->smt));
    on->len = 0;
  }
  while (k < on->len && k < len && on->data[k] == path[k]) k++;
  smt_pop(x->smt, on->len - k);
  on->len = k;
  bool ok = true;
  for (; k < len && ok; k++) {
    smt_push_edge(x->smt, path[k]->edge);
    VEC_PUSH(*on, path[k]);
    if (k % RN_SYNC_MEMORY_EVERY == RN_SYNC_MEMORY_EVERY - 1)
      ok = !lim_memory_spent(&x->lim);
  }
  mem_free(path);
  return ok;
}

/* After an INFEASIBLE check of the path `on` and one more edge: the node
 * of `on` whose tree path is infeasible already (the latest step of the
 * unsat core, smt_infeasible_core; the steps after it only define fresh
 * values), or NULL when the last edge is in the core. */
static const pr_node *rn_exec_dead(rn *x, const rn_on *on) {
  size_t *core = 0, n = smt_infeasible_core(x->smt, &core);
  size_t last = n ? core[n - 1] : on->len;
  mem_free(core);
  return last < on->len ? on->data[last] : 0;
}

/* Whether n's tree path runs through a node of `dead` (keyed by address:
 * mid nodes have no id). */
static bool rn_exec_is_dead(const hmap *dead, const pr_node *n) {
  for (; n; n = n->parent)
    if (hmap_get(dead, (uint64_t)(uintptr_t)n)) return true;
  return false;
}

/* Start `on` as what smt holds: the counterexample's tree path when
 * nothing used the context since the target hook checked it (its depth
 * and solver calls unchanged), else nothing (all popped). */
static void rn_exec_held(rn *x, rn_on *on) {
  on->len = 0;
  if (x->held && smt_depth(x->smt) == x->held_depth &&
      smt_solver_calls(x->smt) == x->held_calls) {
    const pr_node **path;
    size_t len = pr_path(x->held, &path);
    if (len == x->held_depth)
      for (size_t i = 0; i < len; i++) VEC_PUSH(*on, path[i]);
    mem_free(path);
  }
  if (!on->len) smt_pop(x->smt, smt_depth(x->smt));
}

/* Check candidate k (the tree path to its node, then its edge): a trace
 * into r on FEASIBLE; on INFEASIBLE, *dead gets the node whose tree path
 * is infeasible already (rn_exec_dead), if any. */
static smt_result rn_exec_check(rn *x, rn_on *on, const ac_sink *k,
                                rep_report *r, const pr_node **dead,
                                bool *ub, char **why) {
  *dead = 0;
  rep_component_kind kind = k->is_true ? REP_SAFE : REP_FRONTIER;
  if (!k->from) {
    /* the automaton starts in __TRUE: the empty trace; or its first state
     * sends every edge to __FALSE: the program's first edge */
    rn_items items = {0};
    /* (the automaton stays on our blank edges: aastep.h) */
    for (const cfa_edge *e = k->is_true ? 0 : x->g->start->out; e;
         e = e->to->out) {
      rn_item it = {e, 0, 0};
      VEC_PUSH(items, it);
      if (*e->raw || e->next_out) break;
    }
    /* proved like any other path (the empty one starts every run) */
    smt_result res = SMT_FEASIBLE;
    smt_model *m = 0;
    if (items.len) {
      const cfa_edge **edges = mem_alloc(items.len * sizeof *edges);
      for (size_t i = 0; i < items.len; i++) edges[i] = items.data[i].e;
      res = smt_check_path(x->smt, edges, items.len, &m, why);
      mem_free(edges);
      smt_pop(x->smt, smt_depth(x->smt)); /* rn_exec_sync starts anew */
    }
    if (res == SMT_FEASIBLE) {
      rep_trace *t = rep_trace_new(r, kind, true, 0);
      const cfa_edge *last = items.len ? items.data[items.len - 1].e : 0;
      rn_fill(x, t, items.data, items.len, last, cfa_node_base(x->g->start));
      rn_fill_inputs(x, t, m, items.data, items.len);
      if (t->steps.len)
        t->steps.data[t->steps.len - 1].aa_to = rep_strdup(r, "__FALSE");
      rep_trace_seal(t);
    }
    smt_model_free(m);
    VEC_FREE(items);
    return res;
  }
  if (!rn_exec_sync(x, on, k->from)) {
    *why = mem_strdup("stopped by memory");
    return SMT_UNKNOWN;
  }
  smt_push_edge(x->smt, k->e);
  smt_model *m = 0;
  smt_result res = smt_check(x->smt, &m, why);
  if (res == SMT_FEASIBLE) {
    as_step st = {0};
    st.near = st.transition = -1;
    rep_trace *t;
    if (x->res->lbe) { /* it checks the statements on the context again */
      mem_free(*why);
      *why = 0;
      t = rn_trace_blocks(x, kind, k->from, k->e, &st, why);
      if (!t) res = SMT_UNKNOWN;
    } else
      t = rn_trace_path(x, kind, k->from, k->e, &st, m);
    if (t && t->steps.len) /* where it ends: the automaton's sink */
      t->steps.data[t->steps.len - 1].aa_to =
          rep_strdup(r, k->is_true ? "__TRUE" : "__FALSE");
  } else if (res == SMT_INFEASIBLE)
    *dead = rn_exec_dead(x, on);
  else if (res == SMT_UNKNOWN && !x->res->lbe) {
    /* undefined behaviour on the way, proved reachable: settled as an
     * infeasible candidate is, its trace (the first of its end location:
     * *ub already set) in the report's undefined list */
    size_t step = 0;
    char *what = 0;
    smt_model *um = 0;
    if (smt_undefined(x->smt, &step, &what, &um)) {
      if (!*ub) {
        as_step st = {0};
        st.near = st.transition = -1;
        rn_undefined_trace(x, kind, k->from, k->e, &st, step, what, um);
      }
      *ub = true;
      res = SMT_INFEASIBLE;
    }
    mem_free(what);
    smt_model_free(um);
  }
  if (smt_depth(x->smt) == on->len + 1)
    smt_pop(x->smt, 1);
  smt_model_free(m);
  return res;
}

/* A candidate's place in the depth-first walk of the tree. */
typedef struct {
  size_t at, i;
} rn_order;

static int rn_order_cmp(const void *a, const void *b) {
  const rn_order *x = a, *y = b;
  if (x->at != y->at) return x->at < y->at ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* A number per node of an ARG: by id in an array, mid nodes (which have
 * no id) in a map. 0: none. */
typedef struct {
  size_t *by_id;
  size_t n;
  hmap mid;
} rn_nodemap;

static void rn_nodemap_init(rn_nodemap *m, const pr_arg *a) {
  m->n = a->nodes;
  m->by_id = mem_calloc(m->n + 1, sizeof *m->by_id);
  memset(&m->mid, 0, sizeof m->mid);
}

static size_t rn_nodemap_get(const rn_nodemap *m, const pr_node *x) {
  if (!x->mid && x->id < m->n) return m->by_id[x->id];
  return (size_t)(uintptr_t)hmap_get(&m->mid, (uint64_t)(uintptr_t)x);
}

static void rn_nodemap_put(rn_nodemap *m, const pr_node *x, size_t v) {
  if (!x->mid && x->id < m->n)
    m->by_id[x->id] = v;
  else
    hmap_put(&m->mid, (uint64_t)(uintptr_t)x, (void *)(uintptr_t)v);
}

static void rn_nodemap_free(rn_nodemap *m) {
  mem_free(m->by_id);
  hmap_free(&m->mid);
}

/* The candidates in the order of a depth-first walk of the tree, so that
 * consecutive paths share their prefix in the solver (rn_exec_sync). The
 * walk goes only through the nodes on the tree paths to them (an ARG of
 * 150 000 nodes took 20 ms to number whole, for one candidate); the
 * order is the whole walk's. mem_free. */
static rn_order *rn_exec_order(const pr_arg *a, const ac_sinks *sinks) {
  size_t n = sinks->len;
  rn_nodemap pre; /* 1: on a tree path to a candidate; then 2 + preorder */
  static const pr_arg none = {0}; /* no ARG: the candidates have no node */
  if (!a) a = &none;
  rn_nodemap_init(&pre, a);
  for (size_t i = 0; i < n; i++)
    for (const pr_node *m = sinks->data[i].from;
         m && !rn_nodemap_get(&pre, m); m = m->parent)
      rn_nodemap_put(&pre, m, 1);
  rn_on todo = {0};
  size_t count = 1;
  if (a->root && rn_nodemap_get(&pre, a->root)) VEC_PUSH(todo, a->root);
  while (todo.len) {
    const pr_node *m = todo.data[--todo.len];
    rn_nodemap_put(&pre, m, ++count);
    for (const pr_node *c = m->child; c; c = c->sibling)
      if (!c->removed && rn_nodemap_get(&pre, c)) VEC_PUSH(todo, c);
  }
  VEC_FREE(todo);
  rn_order *ord = mem_alloc((n + 1) * sizeof *ord);
  for (size_t i = 0; i < n; i++) {
    const pr_node *f = sinks->data[i].from;
    size_t at = f ? rn_nodemap_get(&pre, f) : 0;
    ord[i].at = at > 1 ? at : 0; /* not reached by the walk: first */
    ord[i].i = i;
  }
  rn_nodemap_free(&pre);
  qsort(ord, n, sizeof *ord, rn_order_cmp);
  return ord;
}

/* rn_options.exec_report: per end location of each component, its
 * candidates until one is feasible. A location whose candidates are all
 * infeasible has no trace when each is the only way the automaton gets
 * there (ac_sink.tree); otherwise the component is partial. A candidate
 * below a node whose tree path an earlier check's unsat core showed
 * infeasible (rn_exec_dead) is infeasible without a check. */
/* Its own time (the run's may be spent), with a time limit on the run
 * (the user's, not a composition phase's own share): a share of what the
 * verification took so far (the run's time from its start, loading and
 * earlier phases in it), so that the report costs at most a tenth of the
 * verification; the rest of the tenth is for what follows the last check
 * (the coverage, the trace of the last candidate). No check begins that
 * the budget left cannot take as long as the last one took (a check of a
 * deep path takes a millisecond, a budget may be two). Cut by it, the
 * report is partial (STOP_TIME) with what it found. No budget without a
 * limit. */
#define RN_EXEC_SHARE 0.08
/* The search's share of the memory limit when the run collects its
 * automaton (lim_reserve). */
#define RN_SEARCH_MEMORY_PCT 33
static void rn_exec(rn *x, const pr_arg *a, ac_exec *ax) {
  ac_sinks *sinks = &ax->sinks;
  double t0 = rn_now(x);
  bool limited = x->o->run ? lim_deadline(x->o->run) > 0
                           : x->o->time_limit > 0; /* the user's limit */
  double budget = limited ? t0 * RN_EXEC_SHARE : 0;
  double deadline = budget > 0 ? lim_clock() + budget : 0;
  /* a run refused before its search (rn_refuse) has no solver context */
  smt_ctx *own = 0;
  if (!x->smt)
    x->smt = own = rn_watch_smt(x, smt_new(x->g, x->o->solver_timeout_ms));
  smt_set_deadline(x->smt, deadline);
  if (x->tsmt) smt_set_deadline(x->tsmt, deadline);
  rep_report *r = rep_new(), *keep = x->r;
  rep_set_program(r, keep->program_path, x->g->source, x->g->source_len);
  r->first_trace_seconds = -1;
  r->want[REP_SAFE] = r->want[REP_FRONTIER] = true;
  x->r = r; /* the trace builder writes into x->r */
  /* groups: one per component and end location */
  if (sinks->len) /* none: data is NULL */
    qsort(sinks->data, sinks->len, sizeof *sinks->data, rn_sink_cmp);
  size_t n = sinks->len, ngroups = 0;
  size_t *grp = mem_alloc((n + 1) * sizeof *grp);
  for (size_t i = 0; i < n; i++) {
    const ac_sink *k = &sinks->data[i], *p = i ? &sinks->data[i - 1] : 0;
    bool same = p && p->is_true == k->is_true &&
                (p->e ? cfa_node_base(p->e->to)->id : 0) ==
                    (k->e ? cfa_node_base(k->e->to)->id : 0);
    grp[i] = same ? grp[i - 1] : ngroups++;
  }
  /* the walk of the ARG first, in the budget (the edges it took came
   * with the sinks from ac_collect's walk) */
  rn_order *ord = rn_exec_order(a, sinks);
  unsigned char *found = mem_calloc(ngroups + 1, 1),
                *mixed = mem_calloc(ngroups + 1, 1), /* a candidate not tree */
                *unanswered = mem_calloc(ngroups + 1, 1),
                *undefined = mem_calloc(ngroups + 1, 1); /* a trace made */
  rn_on on = {0};
  hmap dead = {0}; /* nodes whose tree path is infeasible (rn_exec_dead) */
  rn_exec_held(x, &on);
  unsigned long open[2] = {0, 0}, unknown[2] = {0, 0};
  unsigned long calls0 = smt_solver_calls(x->smt);
  bool spent = false; /* the budget: no more checks */
  bool mem_out = false; /* the memory limit: no more checks */
  /* the resident size is a file read (80 us): read at most every 10 ms,
   * not before each of a report's checks of a millisecond */
  double mem_next = 0;
  double last = 0;    /* seconds of the last check */
  for (size_t o = 0; o < n; o++) {
    const ac_sink *k = &sinks->data[ord[o].i];
    size_t g = grp[ord[o].i];
    if (found[g]) continue;
    if (dead.len && k->from && rn_exec_is_dead(&dead, k->from)) {
      /* infeasible */
      mixed[g] |= !k->tree;
      continue;
    }
    /* no check begun that the budget left cannot take as long as the
     * last one took */
    if (deadline > 0 && !spent && lim_clock() + last >= deadline)
      spent = true;
    bool free = !k->from && k->is_true; /* the empty trace: no check */
    if (!mem_out && lim_clock() >= mem_next) {
      mem_out = lim_memory_spent(&x->lim);
      mem_next = lim_clock() + 0.01;
    }
    if (!free && (rn_signalled(x) || spent || mem_out)) {
      unanswered[g] = 1;
      continue;
    }
    char *why = 0;
    const pr_node *d = 0;
    double c0 = lim_clock();
    bool ub = undefined[g];
    smt_result res = rn_exec_check(x, &on, k, r, &d, &ub, &why);
    undefined[g] = ub;
    last = lim_clock() - c0;
    if (d) hmap_put(&dead, (uint64_t)(uintptr_t)d, (void *)d);
    mem_free(why);
    found[g] = res == SMT_FEASIBLE;
    unanswered[g] |= res == SMT_UNKNOWN;
    if (res == SMT_UNKNOWN && lim_memory_spent(&x->lim)) mem_out = true;
    mixed[g] |= !k->tree;
  }
  for (size_t i = 0; i < n; i++) {
    size_t g = grp[i];
    if (i && grp[i - 1] == g) continue; /* once a group */
    int kind = sinks->data[i].is_true ? REP_SAFE : REP_FRONTIER;
    if (!found[g] && unanswered[g])
      unknown[kind]++;
    else if (!found[g] && mixed[g])
      open[kind]++;
  }
  hmap_free(&dead);
  mem_free(grp);
  mem_free(ord);
  mem_free(found);
  mem_free(mixed);
  mem_free(unanswered);
  mem_free(undefined);
  for (int k = 0; k < 2; k++) {
    rep_component *c = &r->comp[k];
    c->full = !open[k] && !unknown[k] && !x->res->collected.conflicts;
    c->stopped_by = c->full      ? STOP_NONE
                    : !unknown[k] ? STOP_PRECISION
                    : rn_signalled(x) ? STOP_SIGNAL
                    : mem_out         ? STOP_MEMORY
                    : spent || (deadline > 0 && lim_clock() >= deadline)
                        ? STOP_TIME
                        : STOP_PRECISION;
    if (open[k] || unknown[k])
      rep_warn(r, "candidates", 0,
               "%s: %lu end location%s whose tree paths in the ARG are "
               "infeasible while covers lead there too (not searched), %lu "
               "whose check gave no answer",
               k == REP_SAFE ? "safe cones" : "frontier", open[k],
               open[k] == 1 ? "" : "s", unknown[k]);
  }
  rn_warn_assumptions(r, x->g);
  if (x->res->collected.conflicts)
    rep_warn(r, "automaton", 0,
             "%lu transitions of the automaton go to __FALSE for a clash of "
             "their texts; their traces are not reported",
             x->res->collected.conflicts);
  VEC_FREE(on);
  smt_pop(x->smt, smt_depth(x->smt));
  r->states = a ? a->nodes - a->removed : 0;
  r->solver_calls = smt_solver_calls(x->smt) - calls0;
  cov_compute(r, x->g, ax->taken);
  x->r = keep;
  r->wall_seconds = rn_now(x) - t0;
  x->res->exec = r;
  x->res->exec_seconds = r->wall_seconds;
  if (own) {
    lim_unwatch(x->ctx, own);
    smt_free(own);
    x->smt = 0;
  }
}

/* rn_options.collect: the automaton of the final ARG; one that claims
 * nothing when the ARG does not speak for the program (code it does not
 * model, calls the CFA lacks, a solver without an answer). */
static void rn_collect(rn *x, const cg_result *cr) {
  rn_result *res = x->res;
  char *err = 0;
  ac_exec ax = {0};
  bool exec = x->o->exec_report &&
              (!x->o->exec_kept ||
               x->o->exec_kept(x->o->exec_arg, res->verdict,
                               res->verdict == RN_UNKNOWN ? x->stopped_by
                                                          : STOP_NONE));
  if (exec) {
    ax.ntaken = x->g->edges.len;
    ax.taken = mem_calloc(ax.ntaken + 1, 1);
  }
  /* an ARG too large to be read back as an automaton: none collected */
  bool big = cr->arg && cr->arg->nodes > AC_MAX_ARG_NODES;
  if (big) res->collected.too_big = cr->arg->nodes;
  bool nothing = x->unsound || !cr->arg || big;
  if (nothing)
    res->automaton = ac_nothing(&err);
  else
    res->automaton = ac_collect(cr->arg, x->pb, x->o->assumptions,
                                &res->collected, exec ? &ax : 0,
                                x->o->collect_finished ? &res->condition : 0,
                                &err);
  if (res->automaton && exec) {
    if (nothing) { /* starts in __FALSE at its first edge */
      ac_sink k = {0, 0, false, true};
      VEC_PUSH(ax.sinks, k);
    }
    rn_exec(x, nothing ? 0 : cr->arg, &ax);
  }
  VEC_FREE(ax.sinks);
  mem_free(ax.taken);
  if (!res->automaton)
    res->automaton_error = err ? err : mem_strdup("?");
  else
    mem_free(err);
}

static void rn_unknown(rn_result *res, char *why) {
  if (!res->reason) {
    res->verdict = RN_UNKNOWN;
    res->reason = why;
  } else
    mem_free(why);
}

/* Calls clang dropped (cfa.lost) in a function the search entered (TRUE)
 * or the counterexample passes (FALSE): the verdict is about the CFA, not
 * the program, so it is UNKNOWN (and the counterexample is withdrawn). */
static void rn_check_lost(rn *x) {
  const cfa *g = x->g;
  rn_result *res = x->res;
  if (res->verdict == RN_UNKNOWN) return;
  bool hit;
  unsigned char *in = cfa_lost_functions(g, &hit);
  if (!in) return;
  if (res->verdict == RN_TRUE) {
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
      VEC_FREE(c->traces.data[t]->values);
    }
    if (hit) {
      c->traces.len = 0;
      res->cex = 0;
    }
  }
  mem_free(in);
  if (!hit) return;
  x->unsound = true;
  res->verdict = RN_UNKNOWN;
  mem_free(res->reason);
  res->reason = mem_printf("the CFA lacks %s, in a function the %s", g->lost,
                           x->found ? "counterexample passes"
                                    : "search entered");
}

/* The report's one component, the counterexamples: a partial component
 * always says why. The search stops at its first counterexample; TRUE is a
 * search that finished without one; UNKNOWN says what stopped it. */
static void rn_verdict_component(rep_report *r, const rn_result *res,
                                 stop_reason stopped_by) {
  rep_component *c = &r->comp[REP_FRONTIER];
  c->full = res->verdict == RN_TRUE;
  c->stopped_by = res->verdict == RN_TRUE    ? STOP_NONE
                  : res->verdict == RN_FALSE ? STOP_COUNTEREXAMPLE
                  : stopped_by               ? stopped_by
                                             : STOP_PRECISION;
}

/* The verdict: FALSE on a proved counterexample, TRUE only when nothing
 * stands in the way, UNKNOWN with the first reason otherwise. */
static void rn_decide(rn *x, const cg_result *cr, const an_figures *f) {
  rn_result *res = x->res;
  /* the ARG does not speak for the program, whatever the verdict's
   * reason: its automaton claims nothing (rn_collect). (An abstraction
   * without an answer, f->unknown, gives the top state, an
   * over-approximation: a search that finishes over it proves the program,
   * and one whose counterexample it let through gives up as usual; the
   * statistics count them.) */
  x->unsound |= x->unsupported || f->unsupported;
  bool finished = cr->arg && cr->arg->finished;
  if (x->found)
    res->verdict = RN_FALSE;
  else if (x->stopped_by ||
           (cr->stopped_by && cr->stopped_by != STOP_COUNTEREXAMPLE))
    rn_unknown(res, mem_printf("stopped by %s",
                               x->stopped_by ? stop_name(x->stopped_by)
                               : cr->stopped_by == STOP_REFINEMENTS
                                   ? "the refinement limit"
                                   : stop_name(cr->stopped_by)));
  else if (x->open_reason) {
    rn_unknown(res, x->open_reason);
    x->open_reason = 0;
  } else if (x->left_open)
    rn_unknown(res, mem_printf("%lu path%s to error locations not proved "
                               "feasible, left open",
                               x->left_open, x->left_open == 1 ? "" : "s")); else if (cr->stack_cut)
    rn_unknown(res, mem_printf("calls deeper than %d were not explored",
                               RN_MAX_STACK));
  else if (x->unsupported)
    rn_unknown(res,
               mem_printf("the search met %s at line %u, which is not modelled",
                          x->unsupported->unsupported
                              ? x->unsupported->unsupported
                              : "unsupported control flow",
                          x->unsupported->loc.line));
  else if (f->unsupported)
    rn_unknown(res, mem_printf("an abstraction met code the encoding does not "
                               "model: %s",
                               f->unsupported));
  else if (cr->prune_incomplete)
    rn_unknown(res, mem_strdup("branches decided by the solver met covered "
                               "states"));
  else if (res->cut && res->omitted)
    rn_unknown(res, mem_printf("the conditions cut %lu branch%s (%lu at "
                               "calls of omitted functions)",
                               res->cut, res->cut == 1 ? "" : "es",
                               res->omitted));
  else if (res->cut)
    rn_unknown(res, mem_printf("the conditions cut %lu branch%s", res->cut,
                               res->cut == 1 ? "" : "es"));
  else if (!finished)
    rn_unknown(res, mem_strdup("the search did not finish"));
  else
    res->verdict = RN_TRUE;
}

/* An UNKNOWN before any search (the program cannot be run). */
static void rn_refuse(rn *x, char *why, stop_reason component) {
  rn_unknown(x->res, why);
  x->unsound = true;
  if (x->o->collect) rn_collect(x, &(cg_result){0});
  rep_warn(x->r, "verdict", 0, "UNKNOWN: %s", x->res->reason);
  rn_verdict_component(x->r, x->res, component);
}

/* The symbolic pass of erep verify (RN_SYMBOLIC_BUDGET states in all):
 * the tree of paths with calls first bounded at RN_SYMBOLIC_DEPTH deep,
 * then twice as deep while the bound cut a path and nothing was found, up
 * to RN_MAX_STACK. Recursion on an input (fibonacci(x)) makes a tree too
 * large to finish at 64 calls deep; bounded, its shallow counterexamples
 * come within a few hundred states (Fibonacci04: x = 5, 0.4 s, where the
 * pass at 64 spent the whole time limit). A pass the bound did not cut is
 * the same tree as the pass at RN_MAX_STACK, so what it decides is as
 * exact. res->symbolic when it decided, else the domain takes over; *tried
 * the states of the passes given up. */
static void rn_symbolic(rn *x, const cg_options *co, const cg_hooks *h,
                        cg_result *cr, rn_result *res,
                        unsigned long *tried) {
  cg_options so = *co;
  x->stall = 0;
  for (unsigned depth = RN_SYMBOLIC_DEPTH;; depth *= 2) {
    so.max_depth = depth < RN_MAX_STACK ? depth : RN_MAX_STACK;
    x->budget = RN_SYMBOLIC_BUDGET > *tried ? RN_SYMBOLIC_BUDGET - *tried : 1;
    bool decided = rn_exact_pass(x, &so, h, 1, RN_SYMBOLIC_UNROLL, cr, tried);
    bool handed = !decided && !x->found && !x->stopped_by;
    bool cut = !x->found && !x->stopped_by && cr->stack_cut;
    if (!handed && !cut) {
      res->symbolic = true;
      return;
    }
    if (decided) *tried += cr->states; /* a finished pass, cut */
    cg_result_free(cr);
    memset(cr, 0, sizeof *cr);
    mem_free(x->open_reason);
    x->open_reason = 0;
    x->unsupported = 0;
    if (handed || so.max_depth >= RN_MAX_STACK ||
        *tried >= RN_SYMBOLIC_BUDGET) {
      res->symbolic_handed = true;
      return;
    }
  }
}

/* erep verify: the paths to error locations */
static void rn_property(rn *x, double t0) {
  const rn_options *o = x->o;
  const cfa *g = x->g;
  rep_report *r = x->r;
  rn_result *res = x->res;
  r->want[REP_FRONTIER] = true;
  /* LBE: the domains that want large blocks explore the CFA summarised
   * (program/lbe.h) unless --sbe; the others stay on g. The domain and the
   * smt context are made for sg; a counterexample's blocks are expanded
   * into statements before it goes into the report (rn_trace_blocks), and
   * refinement follows each block's DAG back (pred_refine). */
  cfa *lbe = 0;
  if (!o->sbe && x->a->large_blocks) {
    char *err = 0;
    /* a condition's ASSUMEs are taken on single edges (psi.h) */
    const psi_set *ps = x->cond ? as_view_psi(x->cond) : 0;
    unsigned char *single = ps ? psi_edges(ps) : 0;
    lbe = lbe_summarise_keep(g, single, &err);
    mem_free(single);
    if (!lbe) {
      rn_refuse(x, mem_printf("large-block encoding failed: %s",
                              err ? err : "?"),
                STOP_PRECISION);
      mem_free(err);
      return;
    }
    x->sg = lbe;
    res->lbe = true;
  }
  const char *refuse = x->a->supported ? x->a->supported(x->sg) : 0;
  if (refuse) {
    rn_refuse(x, mem_printf("the program has %s", refuse), STOP_UNSUPPORTED);
    if (lbe) cfa_free(lbe);
    return;
  }
  x->fn_seen = mem_calloc(g->functions.len + 1, 1);
  x->smt = rn_watch_smt(x, smt_new(x->sg, o->solver_timeout_ms));
  rn_make_domain(x, res->lbe);
  /* the predicate analysis refines lazily: a refinement cuts the ARG back
   * to the first state the new predicates change (cegar.h) */
  /* with a condition automaton and large blocks, the blocks follow it
   * (pblock.h) */
  if (x->cond && res->lbe) x->pb = pb_new(x->sg, x->cond);
  cg_options co = {.dfs = o->dfs || (x->a->dfs && !o->bfs),
                   .max_depth = RN_MAX_STACK,
                   .max_refinements = o->max_refinements,
                   .solver_timeout_ms = o->solver_timeout_ms,
                   .no_prune = x->a->no_prune,
                   .blocks = x->pb,
                   .lazy = x->a->lazy && !o->restart,
                   .max_path_length = o->max_path_length,
                   .max_assume_edges = o->max_assume_edges,
                   .max_repeat = o->max_repeat,
                   .omit = o->omit,
                   .nomit = o->nomit,
                   .collect = o->collect || o->collect_finished,
                   .open_targets = o->open_targets};
  cg_hooks h = {x,      x->cond ? rn_no_candidate : 0,
                0,      rn_on_step,
                rn_stop, rn_round,
                rn_time_left, rn_stopping,
                rn_target};
  cg_result cr = {0};
  x->cr = &cr;
  unsigned long tried = 0; /* states of a symbolic pass given up */
  /* not with --sbe, which stays the predicate analysis of the LBE paper's
   * comparison */
  if (!o->sbe && !o->no_symbolic) rn_symbolic(x, &co, &h, &cr, res, &tried);
  if (!res->symbolic)
    cg_run(x->sg, x->cond, x->a->domain, x->dom, x->smt, &co, &h, &cr);
  cr.states += tried;
  /* a signal that came after the last expansion still cut something */
  if (rn_signalled(x) && !x->stopped_by && !x->found)
    x->stopped_by = STOP_SIGNAL;
  res->states = cr.states;
  res->last_states = cr.arg ? cr.arg->nodes - cr.arg->removed : 0;
  res->refinements = cr.refinements;
  res->infeasible = cr.infeasible;
  res->stale = cr.stale;
  res->solver_calls = smt_solver_calls(x->smt);
  res->solver_seconds = smt_solver_seconds(x->smt);
  x->a->figures(x->dom, &res->dom);
  res->solver_calls += res->dom.solver_calls;
  res->solver_seconds += res->dom.solver_seconds;
  res->cut = cr.arg ? cr.arg->cut : 0;
  res->omitted = cr.arg ? cr.arg->omitted : 0;
  rn_decide(x, &cr, &res->dom);
  rn_check_lost(x);
  if ((o->collect && !(o->collect_not_false && res->verdict == RN_FALSE)) ||
      (o->collect_finished && !x->stopped_by && res->stopped_by == STOP_NONE &&
       !cr.stopped_by))
    rn_collect(x, &cr);
  mem_free(x->open_reason);
  mem_free(x->fn_seen);
  cg_result_free(&cr);
  pb_free(x->pb); /* after the ARG, whose edges may be its blocks */
  x->pb = 0;
  rn_free_domain(x, 0);
  res->dom.unsupported = res->dom.unknown = 0; /* gone with the domain */
  lim_unwatch(x->ctx, x->smt);
  smt_free(x->smt);
  if (lbe) cfa_free(lbe); /* before g, whose parts it borrows */
  /* the report: the counterexample is its one frontier trace */
  r->states = res->states;
  r->refinements = res->refinements;
  r->infeasible_candidates = res->infeasible;
  r->solver_calls = res->solver_calls;
  rn_verdict_component(r, res, x->stopped_by);
  rn_warn_assumptions(r, g);
  rep_warn(r, "verdict", 0, "%s%s%s%s", rn_verdict_name(res->verdict),
           res->reason ? ": " : "", res->reason ? res->reason : "",
           res->symbolic ? " (by symbolic execution: its tree of every "
                           "feasible path finished)"
                         : "");
  if (res->verdict == RN_UNKNOWN) res->stopped_by = x->stopped_by;
  res->wall_seconds = lim_clock() - t0;
  r->wall_seconds = res->wall_seconds;
}

void rn_run(const cfa *g, const as_view *v, const rn_options *o,
            rep_report *r, rn_result *res) {
  double t0 = lim_clock();
  rn_result none;
  if (!res) res = &none;
  memset(res, 0, sizeof *res);
  rn X = {0}, *x = &X;
  x->g = x->sg = g;
  x->v = v;
  x->cond = v ? 0 : o->condition;
  x->o = o;
  x->a = o->analysis ? o->analysis : an_find("explicit");
  x->r = r;
  x->res = res;
  lim_start(&x->lim, o->run ? o->run->stop : 0, o->time_limit, o->max_states,
            o->memory_limit);
  /* an automaton of the ARG and its report are made after the search and
   * need about as much again (analysis/collect.c: transmitter.10's explicit
   * ARG of 1.8 million nodes, 535 MB, took 400 MB more to collect): the
   * search stops at a share of the limit */
  if (o->collect) lim_reserve(&x->lim, RN_SEARCH_MEMORY_PCT);
  if (o->run) lim_since(&x->lim, o->run);
  if (o->pause) lim_pause(&x->lim, o->pause_at, o->pause, o->pause_arg);
  x->ctx = o->run ? o->run : &x->lim;
  if (v)
    rn_automaton(x);
  else
    rn_property(x, t0);
  lim_end(&x->lim);
}

char *rn_refusal(const cfa *g, const rn_options *o) {
  const an_analysis *an = o->analysis ? o->analysis : an_find("explicit");
  const char *refuse =
      an->supported && ((an->large_blocks && o->sbe) || g->lost)
          ? an->supported(g)
          : 0;
  if (!refuse) return 0;
  if (!o->sbe) /* large blocks: refused for the lost calls */
    return mem_printf("--analysis %s: the program has %s, and the CFA lacks "
                      "%s, so the search without abstraction cannot stand "
                      "in; use --analysis explicit",
                      an->name, refuse, g->lost);
  return mem_printf("--analysis %s --sbe: the program has %s; use "
                    "--analysis explicit",
                    an->name, refuse);
}

void rn_result_free(rn_result *res) {
  mem_free(res->reason);
  res->reason = 0;
  aa_free(res->automaton);
  res->automaton = 0;
  rep_free(res->exec);
  res->exec = 0;
  aa_free(res->condition);
  res->condition = 0;
  mem_free(res->automaton_error);
  res->automaton_error = 0;
}
