#include "explore.h"

#include "lib/hmap.h"
#include "lib/mem.h"
#include "smt.h"
#include "value.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define XP_MAX_STACK 64 /* call depth; deeper recursion is cut (not full) */

typedef struct xp_stack {
  const cfa_edge *call;
  const struct xp_stack *up;
  const val_state *caller; /* values before the call */
  unsigned depth;
} xp_stack;

typedef struct xp_node {
  const cfa_node *loc;
  const xp_stack *stack;
  unsigned q;
  const val_state *val;
  struct xp_node *parent;
  const cfa_edge *edge; /* from parent */
  unsigned aa_from;     /* automaton state before the edge (before epsilons) */
  unsigned depth;
  struct xp_node *next_same; /* hash chain of reached states */
} xp_node;

typedef struct {
  const cfa *g;
  const as_view *v;
  const xp_options *o;
  rep_report *r;
  mem_arena *arena; /* nodes and stacks of one round */
  hmap reached;     /* state hash -> xp_node chain */
  hmap warned;      /* (transition, edge) pairs already warned about */
  hmap vals;        /* value hash -> xp_vnode chain */
  mem_arena *varena;
  VEC(const val_state *) valstore; /* every interned state, to free */
  VEC(xp_node *) wait;
  val_precision prec;
  smt_ctx *smt;
  struct timespec t0;
  /* per component: traces per end node, and unresolved locations */
  unsigned *count[2];
  unsigned char *unresolved[2];   /* this round: candidate not resolved */
  unsigned char *unknown_seen[2]; /* an unknown trace was reported */
  bool restart;
  bool prune;                    /* decide unknown branches with the solver */
  unsigned long pruned, covered; /* this round */
  bool prune_incomplete; /* a round pruned branches and covered states */
  VEC(const struct xp_node *) spath; /* nodes whose edges the solver holds */
  VEC(const struct xp_node *) chain;
  bool stack_cut, states_cut;
  bool signal_cut; /* a candidate was left unchecked because of a signal */
  const char *stopped_by;
  unsigned long states_round;
  unsigned prec_before; /* precision size before the last refinement */
  double next_progress;
} xp;

static double xp_now(const xp *x) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - x->t0.tv_sec) +
         (double)(t.tv_nsec - x->t0.tv_nsec) / 1e9;
}

/* One value state per content, so states compare by pointer. */
typedef struct xp_vnode {
  const val_state *s;
  struct xp_vnode *next;
} xp_vnode;

static const val_state *xp_intern_val(xp *x, const val_state *s) {
  uint64_t h = val_hash(s);
  xp_vnode *head = hmap_get(&x->vals, h);
  for (xp_vnode *c = head; c; c = c->next)
    if (val_equal(c->s, s)) {
      if (c->s != s && s != val_initial()) mem_free((void *)s);
      return c->s;
    }
  xp_vnode *c = mem_arena_alloc(x->varena, sizeof *c);
  c->s = s;
  c->next = head;
  hmap_put(&x->vals, h, c);
  if (s != val_initial()) VEC_PUSH(x->valstore, s);
  return s;
}

static const xp_stack *xp_push(xp *x, const xp_stack *up, const cfa_edge *call,
                               const val_state *caller) {
  xp_stack *s = mem_arena_alloc(x->arena, sizeof *s);
  s->call = call;
  s->up = up;
  s->caller = caller;
  s->depth = up ? up->depth + 1 : 1;
  return s;
}

static bool xp_stack_equal(const xp_stack *a, const xp_stack *b) {
  while (a && b) {
    if (a == b) return true;
    if (a->call != b->call || a->caller != b->caller) return false;
    a = a->up;
    b = b->up;
  }
  return a == b;
}

static uint64_t xp_stack_hash(const xp_stack *s) {
  uint64_t h = 7;
  for (; s; s = s->up)
    h = (h * 31 + s->call->id) * 1099511628211ull ^ (uintptr_t)s->caller;
  return h;
}

static uint64_t xp_state_hash(const cfa_node *loc, const xp_stack *st,
                              unsigned q, const val_state *val) {
  uint64_t h = loc->id;
  h = h * 0x9e3779b97f4a7c15ull ^ q;
  h = h * 0x9e3779b97f4a7c15ull ^ xp_stack_hash(st);
  h = h * 0x9e3779b97f4a7c15ull ^ (uintptr_t)val;
  return h ? h : 1;
}

/* Stop-sep with equality: a state already reached covers the new one. */
static bool xp_covered(xp *x, const cfa_node *loc, const xp_stack *st,
                       unsigned q, const val_state *val, uint64_t h) {
  for (xp_node *n = hmap_get(&x->reached, h); n; n = n->next_same)
    if (n->loc == loc && n->q == q && n->val == val &&
        xp_stack_equal(n->stack, st))
      return true;
  return false;
}

static void xp_add(xp *x, xp_node *n, uint64_t h) {
  n->next_same = hmap_get(&x->reached, h);
  hmap_put(&x->reached, h, n);
  VEC_PUSH(x->wait, n);
  x->states_round++;
  x->r->states++;
}

static const char *xp_kind_text(cfa_edge_kind k) {
  static const char *t[] = {"blank",  "declaration", "statement",
                            "assume", "call",        "return"};
  return t[k];
}

/* The edges from the root to n, then e. */
static size_t xp_path(const xp_node *n, const cfa_edge *e,
                      const cfa_edge ***out) {
  size_t len = e ? 1 : 0;
  for (const xp_node *p = n; p && p->parent; p = p->parent)
    len++;
  const cfa_edge **a = mem_alloc((len + 1) * sizeof *a);
  size_t i = len;
  if (e) a[--i] = e;
  for (const xp_node *p = n; p && p->parent; p = p->parent)
    a[--i] = p->edge;
  *out = a;
  return len;
}

static void xp_fill_trace(xp *x, rep_trace *t, const xp_node *n,
                          const cfa_edge *e, const as_step *st) {
  rep_report *r = x->r;
  VEC(const xp_node *) chain = {0};
  for (const xp_node *p = n; p && p->parent; p = p->parent)
    VEC_PUSH(chain, p);
  for (size_t i = chain.len; i-- > 0;) {
    const xp_node *p = chain.data[i];
    rep_step s = {p->edge->loc.line,
                  rep_strdup(r, p->edge->from->function
                                    ? p->edge->from->function->name
                                    : 0),
                  xp_kind_text(p->edge->kind),
                  rep_strdup(r, p->edge->raw),
                  rep_strdup(r, as_state_name(x->v, p->aa_from)),
                  rep_strdup(r, as_state_name(x->v, p->q))};
    VEC_PUSH(t->steps, s);
  }
  VEC_FREE(chain);
  if (e) {
    rep_step s = {
        e->loc.line,
        rep_strdup(r, e->from->function ? e->from->function->name : 0),
        xp_kind_text(e->kind),
        rep_strdup(r, e->raw),
        rep_strdup(r, as_state_name(x->v, st->neps ? st->eps_from : n->q)),
        rep_strdup(r, as_state_name(x->v, st->target))};
    VEC_PUSH(t->steps, s);
    t->end_line = e->loc.line;
    t->end_node = e->to->id;
    t->end_function =
        rep_strdup(r, e->to->function     ? e->to->function->name
                      : e->from->function ? e->from->function->name
                                          : 0);
  } else {
    t->end_line = n->loc->line;
    t->end_node = n->loc->id;
    t->end_function =
        rep_strdup(r, n->loc->function ? n->loc->function->name : 0);
  }
  t->end_file = r->program_path;
}

static void xp_fill_inputs(xp *x, rep_trace *t, const smt_model *m) {
  for (size_t i = 0; i < m->ninputs; i++) {
    const smt_input *in = &m->inputs[i];
    rep_input ri = {(unsigned)in->index,
                    rep_strdup(x->r, in->function),
                    in->line,
                    rep_strdup(x->r, in->type),
                    rep_strdup(x->r, in->value),
                    (unsigned)in->step};
    VEC_PUSH(t->inputs, ri);
  }
}

/* Variables read by an expression (tracked candidates). */
static void xp_vars_of(const ex *e, val_precision *p, unsigned char *set) {
  if (!e) return;
  if (e->kind == EX_VAR && e->var && e->var->id < p->nvars) set[e->var->id] = 1;
  xp_vars_of(e->a, p, set);
  xp_vars_of(e->b, p, set);
  xp_vars_of(e->c, p, set);
  for (unsigned i = 0; i < e->nargs; i++)
    xp_vars_of(e->args[i], p, set);
}

static const cfa_var *xp_lhs_var(const ex *e) {
  const ex *l = ex_strip_implicit(e);
  return l && l->kind == EX_VAR ? l->var : 0;
}

/* Refinement: the variables of the assume edges that explain the
 * infeasibility (the solver's core, or all assumes), closed backwards over
 * the assignments of the path that feed them. True if the precision grew. */
static bool xp_refine(xp *x, const cfa_edge **path, size_t n) {
  size_t *core = 0;
  size_t ncore = smt_infeasible_core(x->smt, &core);
  unsigned nv = x->prec.nvars;
  unsigned char *set = mem_calloc(nv + 1, 1);
  if (ncore)
    for (size_t i = 0; i < ncore; i++)
      xp_vars_of(path[core[i]]->expr, &x->prec, set);
  else
    for (size_t i = 0; i < n; i++)
      if (path[i]->kind == CFA_ASSUME) xp_vars_of(path[i]->expr, &x->prec, set);
  mem_free(core);
  for (size_t i = n; i-- > 0;) {
    const cfa_edge *e = path[i];
    const cfa_var *w = 0;
    const ex *rhs = 0;
    if (e->kind == CFA_DECLARATION) {
      w = e->var;
      rhs = e->expr;
    } else if (e->kind == CFA_STATEMENT && e->is_return) {
      w = e->from->function ? e->from->function->result : 0;
      rhs = e->expr;
    } else if (e->kind == CFA_STATEMENT && e->expr) {
      const ex *s = ex_strip_implicit(e->expr);
      if (s->kind == EX_ASSIGN) {
        w = xp_lhs_var(s->a);
        rhs = s->b;
      } else if (s->kind == EX_UNARY) {
        w = xp_lhs_var(s->a);
      }
    } else if (e->kind == CFA_RETURN && e->call && e->call->lhs) {
      w = xp_lhs_var(e->call->lhs);
      if (w && set[w->id] && e->callee->result) set[e->callee->result->id] = 1;
      continue;
    } else if (e->kind == CFA_CALL) {
      for (unsigned k = 0; k < e->callee->nparams && k < e->expr->nargs; k++)
        if (set[e->callee->params[k]->id])
          xp_vars_of(e->expr->args[k], &x->prec, set);
      continue;
    }
    if (w && set[w->id] && rhs) xp_vars_of(rhs, &x->prec, set);
  }
  bool grew = false;
  x->prec_before = x->prec.count;
  for (unsigned i = 0; i < nv; i++)
    if (set[i]) grew |= val_precision_add(&x->prec, x->g->vars.data[i]);
  mem_free(set);
  return grew;
}

static bool xp_stopping(const xp *x) {
  return x->o->stop && atomic_load(x->o->stop);
}

static bool xp_limits(xp *x) {
  if (x->stopped_by) return true;
  if (xp_stopping(x))
    x->stopped_by = "signal";
  else if (x->o->time_limit > 0 && xp_now(x) > x->o->time_limit)
    x->stopped_by = "time";
  else if (x->o->max_states && x->r->states >= x->o->max_states)
    x->stopped_by = "states";
  else if (x->o->memory_limit && (x->r->states & 1023) == 0 &&
           mem_rss_mb() > x->o->memory_limit)
    x->stopped_by = "memory";
  return x->stopped_by != 0;
}

static void xp_progress(xp *x) {
  if (!x->o->progress) return;
  double t = xp_now(x);
  if (t < x->next_progress) return;
  x->next_progress = t + 0.5;
  x->r->solver_calls = smt_solver_calls(x->smt);
  fprintf(
      stderr,
      "\rerep: %lu states, %zu safe, %zu frontier, %lu solver calls, %.1f s   ",
      x->r->states, x->r->comp[REP_SAFE].traces.len,
      x->r->comp[REP_FRONTIER].traces.len, x->r->solver_calls, t);
}

/* The solver of the running search, for xp_interrupt; the lock keeps
 * xp_run from freeing it while another thread interrupts it. */
static smt_ctx *xp_live_smt;
static pthread_mutex_t xp_live_lock = PTHREAD_MUTEX_INITIALIZER;

static void xp_set_live(smt_ctx *s) {
  pthread_mutex_lock(&xp_live_lock);
  xp_live_smt = s;
  pthread_mutex_unlock(&xp_live_lock);
}

void xp_interrupt(void) {
  pthread_mutex_lock(&xp_live_lock);
  if (xp_live_smt) smt_interrupt(xp_live_smt);
  pthread_mutex_unlock(&xp_live_lock);
}

/* Bound the next check by what is left of the time limit. */
static void xp_solver_budget(xp *x) {
  unsigned ms = x->o->solver_timeout_ms;
  if (x->o->time_limit > 0) {
    double left = x->o->time_limit - xp_now(x);
    unsigned lm = left <= 0.001 ? 1 : (unsigned)(left * 1000);
    if (!ms || lm < ms) ms = lm;
  }
  smt_set_timeout(x->smt, ms);
}

/* Make the solver hold the path to n (pushing and popping only the part
 * that differs from what it holds). */
static void xp_sync(xp *x, const xp_node *n) {
  x->chain.len = 0;
  for (const xp_node *p = n; p && p->parent; p = p->parent)
    VEC_PUSH(x->chain, p);
  size_t len = x->chain.len, k = 0;
  while (k < x->spath.len && k < len &&
         x->spath.data[k] == x->chain.data[len - 1 - k])
    k++;
  smt_pop(x->smt, smt_depth(x->smt) - k);
  x->spath.len = k;
  for (size_t i = k; i < len; i++) {
    const xp_node *p = x->chain.data[len - 1 - i];
    smt_push_edge(x->smt, p->edge);
    VEC_PUSH(x->spath, p);
  }
}

/* Whether the solver proves that the branch e cannot follow n. */
static bool xp_prunes(xp *x, const xp_node *n, const cfa_edge *e) {
  if (xp_stopping(x)) return false; /* the search ends at the next state */
  xp_sync(x, n);
  smt_push_edge(x->smt, e);
  xp_solver_budget(x);
  smt_result r = smt_check(x->smt, 0, 0);
  smt_pop(x->smt, 1);
  return r == SMT_INFEASIBLE;
}

/* A candidate: the path to n, then e, enters a sink. */
static void xp_candidate(xp *x, xp_node *n, const cfa_edge *e,
                         const as_step *st, rep_component_kind k) {
  unsigned loc = e ? e->to->id : n->loc->id;
  if (x->count[k][loc] >= x->o->traces_per_location) return;
  if (xp_stopping(x)) { /* not checked: the location stays unresolved */
    x->unresolved[k][loc] = 1;
    x->signal_cut = true;
    return;
  }
  const cfa_edge **path;
  size_t len = xp_path(n, e, &path);
  smt_model *m = 0;
  char *reason = 0;
  xp_sync(x, n);
  if (e) smt_push_edge(x->smt, e);
  xp_solver_budget(x);
  smt_result res = smt_check(x->smt, &m, &reason);
  if (res == SMT_FEASIBLE) {
    rep_trace *t = rep_trace_new(x->r, k, true, 0);
    xp_fill_trace(x, t, n, e, st);
    xp_fill_inputs(x, t, m);
    x->count[k][loc]++;
    x->unresolved[k][loc] = 0;
    if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = xp_now(x);
    if (x->o->on_trace) x->o->on_trace(t, x->o->arg);
  } else if (res == SMT_INFEASIBLE) {
    x->r->infeasible_candidates++;
    if (xp_refine(x, path, len) || !x->prune) {
      /* a larger precision, or else the solver at unknown branches */
      if (!x->prune && x->prec.count == x->prec_before) x->prune = true;
      x->restart = true;
    } else
      x->unresolved[k][loc] = 1;
  } else {
    /* one unknown trace per location is enough to say why; a check cut
     * short by a signal says nothing about the trace */
    if (xp_stopping(x))
      x->signal_cut = true;
    else if (!x->unknown_seen[k][loc]) {
      rep_trace *t = rep_trace_new(x->r, k, false,
                                   reason ? reason : "solver gave no answer");
      xp_fill_trace(x, t, n, e, st);
      x->unknown_seen[k][loc] = 1;
    }
    x->unresolved[k][loc] = 1;
  }
  if (e) smt_pop(x->smt, 1);
  if (m) smt_model_free(m);
  mem_free(reason);
  mem_free(path);
}

/* A catch-all fired next to a MATCH that nearly matched the edge: the
 * automaton may mean this edge, so the sink it leads to is suspect. */
static void xp_warn_near(xp *x, const as_step *s, const cfa_edge *e) {
  uint64_t key = (((uint64_t)(unsigned)s->near << 32) ^ e->id) + 1;
  if (hmap_get(&x->warned, key)) return;
  hmap_put(&x->warned, key, (void *)1);
  const aa_automaton *A = as_view_aa(x->v);
  const aa_transition *t = &A->transitions[s->transition];
  rep_warn(x->r, "near-miss", e->loc.line,
           "catch-all of state %s (automaton line %u) fired on \"%s\" although "
           "its MATCH "
           "\"%s\" (line %u) nearly matches it",
           A->states[t->source].name, t->line, e->raw,
           as_match_text(x->v, s->near), as_transition_line(x->v, s->near));
}

static void xp_expand(xp *x, xp_node *n) {
  if (n->loc->is_error || n->loc->is_terminal) return;
  for (const cfa_edge *e = n->loc->out; e; e = e->next_out) {
    const xp_stack *st = n->stack;
    const val_state *caller = 0;
    if (e->kind == CFA_RETURN) {
      if (!st || st->call != e->call) continue;
      caller = st->caller;
      st = st->up;
    } else if (e->kind == CFA_CALL) {
      if (st && st->depth >= XP_MAX_STACK) {
        x->stack_cut = true;
        continue;
      }
      st = xp_push(x, st, e, n->val);
    }
    const val_state *nv;
    if (val_post(x->g, n->val, caller, e, &x->prec, &nv) == VAL_INFEASIBLE)
      continue;
    if (x->prune && e->kind == CFA_ASSUME &&
        !val_decides(x->g, n->val, e, &x->prec) && xp_prunes(x, n, e)) {
      x->pruned++;
      if (nv != n->val) mem_free((void *)nv);
      continue;
    }
    nv = xp_intern_val(x, nv);
    as_step steps[8];
    unsigned ns = as_step_edge(x->v, n->q, e, steps, 8);
    for (unsigned i = 0; i < ns; i++) {
      const as_step *s = &steps[i];
      if (s->rule == AS_CATCHALL && s->near >= 0) xp_warn_near(x, s, e);
      if (s->stop) continue;
      bool is_true;
      if (as_is_sink(x->v, s->target, &is_true)) {
        rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
        if (x->o->want[k]) xp_candidate(x, n, s->before_edge ? 0 : e, s, k);
        if (x->restart) return;
        continue;
      }
      uint64_t h = xp_state_hash(e->to, st, s->target, nv);
      if (xp_covered(x, e->to, st, s->target, nv, h)) {
        x->covered++;
        continue;
      }
      xp_node *c = mem_arena_alloc(x->arena, sizeof *c);
      c->loc = e->to;
      c->stack = st;
      c->q = s->target;
      c->val = nv;
      c->parent = n;
      c->edge = e;
      c->aa_from = s->neps ? s->eps_from : n->q;
      c->depth = n->depth + 1;
      xp_add(x, c, h);
    }
  }
}

/* One round of the search at the current precision. */
static void xp_round(xp *x) {
  x->arena = mem_arena_new();
  x->restart = false;
  x->states_round = 0;
  x->pruned = x->covered = 0;
  x->spath.len = 0;
  smt_pop(x->smt, smt_depth(x->smt));
  for (int k = 0; k < 2; k++)
    memset(x->unresolved[k], 0, x->g->nodes.len + 1);
  xp_node *root = mem_arena_alloc(x->arena, sizeof *root);
  root->loc = x->g->start;
  root->q = as_initial(x->v);
  root->aa_from = root->q;
  root->val = xp_intern_val(x, val_initial());
  bool is_true;
  if (as_is_sink(x->v, root->q, &is_true)) {
    /* nothing to explore: the empty trace is already in the sink */
    rep_component_kind k = is_true ? REP_SAFE : REP_FRONTIER;
    if (x->o->want[k] && !x->count[k][root->loc->id]) {
      rep_trace *t = rep_trace_new(x->r, k, true, 0);
      xp_fill_trace(x, t, root, 0, 0);
      x->count[k][root->loc->id]++;
      if (x->r->first_trace_seconds < 0) x->r->first_trace_seconds = xp_now(x);
      if (x->o->on_trace) x->o->on_trace(t, x->o->arg);
    }
    return;
  }
  xp_add(x, root, xp_state_hash(root->loc, 0, root->q, root->val));
  size_t head = 0;
  while (!x->restart) {
    xp_node *n;
    if (x->o->dfs || x->prune) {
      if (!x->wait.len) break;
      n = x->wait.data[--x->wait.len];
    } else {
      if (head == x->wait.len) break;
      n = x->wait.data[head++];
    }
    if (xp_limits(x)) break;
    xp_progress(x);
    xp_expand(x, n);
  }
  x->wait.len = 0;
}

static void xp_round_free(xp *x) {
  hmap_free(&x->reached);
  mem_arena_free(x->arena);
  x->arena = 0;
}

void xp_run(const cfa *g, const as_view *v, const xp_options *o,
            rep_report *r) {
  xp X = {0}, *x = &X;
  x->g = g;
  x->v = v;
  x->o = o;
  x->r = r;
  clock_gettime(CLOCK_MONOTONIC, &x->t0);
  val_precision_init(&x->prec, g);
  x->varena = mem_arena_new();
  x->smt = smt_new(g, o->solver_timeout_ms);
  xp_set_live(x->smt);
  for (int k = 0; k < 2; k++) {
    x->count[k] = mem_calloc(g->nodes.len + 1, sizeof *x->count[k]);
    x->unresolved[k] = mem_calloc(g->nodes.len + 1, 1);
    x->unknown_seen[k] = mem_calloc(g->nodes.len + 1, 1);
    r->want[k] = o->want[k];
  }
  for (;;) {
    xp_round(x);
    bool again = x->restart && !x->stopped_by;
    /* pruning by the solver is exact on a tree; a covered state stands for
     * paths whose own branches were not checked */
    x->prune_incomplete = !again && x->pruned && x->covered;
    if (again && r->refinements >= o->max_refinements) {
      /* the last refinement is not explored: its candidates stay open */
      rep_warn(r, "refinement", 0,
               "stopped after %u refinements of the explicit-value precision",
               o->max_refinements);
      x->stopped_by = "states";
      again = false;
    }
    xp_round_free(x);
    if (!again) break;
    r->refinements++;
  }
  /* the last candidates were cut short although the wait list ran dry */
  if (x->signal_cut && !x->stopped_by) x->stopped_by = "signal";
  if (o->progress) fprintf(stderr, "\r%79s\r", "");
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
    c->full = o->want[k] && !x->stopped_by && !x->stack_cut && !unresolved[k] &&
              !x->prune_incomplete && !trig;
    if (!c->full && !c->stopped_by && o->want[k]) c->stopped_by = "unsupported";
  }
  if (x->prune_incomplete)
    rep_warn(r, "completeness", 0,
             "branches were decided by the solver and states were covered: "
             "traces through "
             "covered states may be missing");
  if (x->stack_cut)
    rep_warn(r, "recursion", 0, "call depth above %d was not explored",
             XP_MAX_STACK);
  for (int k = 0; k < 2; k++)
    if (unresolved[k])
      rep_warn(r, "refinement", 0,
               "%s: some locations have only infeasible or unknown candidates "
               "that the "
               "explicit-value precision cannot rule out",
               k == REP_SAFE ? "safe cones" : "frontier");
  r->wall_seconds = xp_now(x);
  r->solver_calls = smt_solver_calls(x->smt);
  for (int k = 0; k < 2; k++) {
    mem_free(x->count[k]);
    mem_free(x->unresolved[k]);
    mem_free(x->unknown_seen[k]);
  }
  mem_arena_free(x->varena);
  for (size_t i = 0; i < x->valstore.len; i++)
    mem_free((void *)x->valstore.data[i]);
  VEC_FREE(x->valstore);
  hmap_free(&x->vals);
  VEC_FREE(x->wait);
  VEC_FREE(x->spath);
  hmap_free(&x->warned);
  VEC_FREE(x->chain);
  val_precision_free(&x->prec);
  xp_set_live(NULL);
  smt_free(x->smt);
}
