#include "cegar.h"

#include "lib/mem.h"


typedef struct {
  const cfa_edge **edges; /* mem_alloc'ed */
  size_t len;
} cg_path;

typedef struct {
  const cfa *g;
  const pr_domain *dom;
  void *d;
  smt_ctx *smt;
  const cg_options *o;
  const cg_hooks *h;
  cg_result *res;
  bool prune; /* the solver decides branches the domain leaves open */
  bool restart;
  pr_states *states; /* the domain states of the search */
  VEC(const pr_node *) spath; /* nodes whose edges the solver holds */
  VEC(const pr_node *) chain;
  /* paths to candidates blocked by undefined behaviour this round (their
   * edges, the undefined step last), refined from when it ends */
  VEC(cg_path) undefined;
} cg;

/* No more solver checks: a signal, or the time limit is (nearly) up. */
static bool cg_stopping(const cg *c) {
  if (c->h->stopping && c->h->stopping(c->h->arg)) return true;
  double left = c->h->time_left ? c->h->time_left(c->h->arg) : -1;
  return left >= 0 && left < CG_MIN_CHECK_SECONDS;
}

/* Bound the next check by what is left of the client's time. */
static void cg_budget(cg *c) {
  unsigned ms = c->o->solver_timeout_ms;
  double left = c->h->time_left ? c->h->time_left(c->h->arg) : -1;
  if (left >= 0) {
    unsigned lm = left <= 0.001 ? 1 : (unsigned)(left * 1000);
    if (!ms || lm < ms) ms = lm;
  }
  smt_set_timeout(c->smt, ms);
}


/* Make the solver hold the path to n (pushing and popping only the part
 * that differs from what it holds). False when a stop (a signal, the time
 * limit) came while the path was encoded: the solver then holds a prefix
 * of it, and nothing is to be checked. */
static bool cg_sync(cg *c, const pr_node *n) {
  c->chain.len = 0;
  for (const pr_node *p = n; p && p->parent; p = p->parent)
    VEC_PUSH(c->chain, p);
  size_t len = c->chain.len, k = 0;
  while (k < c->spath.len && k < len &&
         c->spath.data[k] == c->chain.data[len - 1 - k])
    k++;
  smt_pop(c->smt, smt_depth(c->smt) - k);
  c->spath.len = k;
  for (size_t i = k; i < len; i++) {
    if ((i - k) % CG_SYNC_POLL == CG_SYNC_POLL - 1 && cg_stopping(c))
      return false;
    const pr_node *p = c->chain.data[len - 1 - i];
    smt_push_edge(c->smt, p->edge);
    VEC_PUSH(c->spath, p);
  }
  return true;
}

static bool cg_prune(void *arg, const pr_node *n, const cfa_edge *e) {
  cg *c = arg;
  if (!c->prune || cg_stopping(c)) return false; /* the search ends soon */
  if (!cg_sync(c, n)) return false;
  smt_push_edge(c->smt, e);
  cg_budget(c);
  smt_result r = smt_check(c->smt, 0, 0);
  smt_pop(c->smt, 1);
  return r == SMT_INFEASIBLE;
}

static void cg_on_step(void *arg, const pr_node *n, const cfa_edge *e,
                       const as_step *s) {
  cg *c = arg;
  if (c->h->on_step) c->h->on_step(c->h->arg, n, e, s);
}

static stop_reason cg_stop(void *arg, unsigned long nodes) {
  cg *c = arg;
  /* lazy: the refinements of one search (a new round checks its own) */
  if (c->o->lazy && c->res->refinements > c->o->max_refinements)
    return STOP_REFINEMENTS;
  return c->h->stop ? c->h->stop(c->h->arg, c->res->states + nodes)
                    : STOP_NONE;
}

/* The edges of the path to n, then e. */
static size_t cg_edges(const pr_node *n, const cfa_edge *e,
                       const cfa_edge ***out) {
  const pr_node **nodes;
  size_t len = pr_path(n, &nodes);
  const cfa_edge **a = mem_alloc((len + 2) * sizeof *a);
  for (size_t i = 0; i < len; i++)
    a[i] = nodes[i]->edge;
  mem_free(nodes);
  if (e) a[len++] = e;
  *out = a;
  return len;
}

/* Whether the search refines lazily now (cg_options.lazy): not with
 * solver pruning, nor for an acyclic search (the exact domain, whose every
 * post is a new state). */
static bool cg_lazy(const cg *c) {
  return c->o->lazy && !c->prune && !c->o->acyclic;
}

/* The path to n, then e, is infeasible: refine from its unsat core.
 * PR_REFINED: the precision grew (a new round, or with lazy the ARG cut
 * back), or (lazy) the path is stale and is cut back; PR_RESTART: (once, unless no_prune) the solver is to decide open
 * branches from now on, a new round; PR_GO: the client hears INFEASIBLE
 * (refinement has nothing more to give). Every refinement counts. */
static pr_verdict cg_restart(cg *c, const pr_node *n, const cfa_edge *e) {
  c->res->infeasible++;
  /* lazy: a path through states made before the precision grew at their
   * locations (by a refinement of another path) is what a new search
   * would not take: it is cut back to its first stale state and explored
   * again at the current precision, without a refinement (which might
   * find nothing new: a wrong "no new predicate") */
  if (cg_lazy(c) && pr_pivot(c->states, n)) {
    c->res->stale++;
    return PR_REFINED;
  }
  size_t *core = 0, ncore = smt_infeasible_core(c->smt, &core);
  const cfa_edge **path;
  size_t len = cg_edges(n, e, &path);
  bool grew = c->dom->refine && c->dom->refine(c->d, path, len, core, ncore);
  mem_free(path);
  mem_free(core);
  if (!grew && (c->prune || c->o->no_prune)) return PR_GO;
  c->res->refinements++;
  if (!grew) {
    c->prune = true;
    return PR_RESTART;
  }
  return PR_REFINED;
}

/* A candidate blocked by undefined behaviour at step `at` of its path:
 * kept for the refinement at the end of the round (cg_refine_undefined).
 * Not at once: the round goes on to find the other candidates that the
 * undefined step blocks, each a trace of its own. What follows the
 * undefined step does not count. */
static void cg_keep_undefined(cg *c, const pr_node *n, const cfa_edge *e,
                              size_t at) {
  cg_path p;
  size_t len = cg_edges(n, e, &p.edges);
  if (at >= len) {
    mem_free(p.edges);
    return;
  }
  p.len = at + 1;
  VEC_PUSH(c->undefined, p);
}

/* The round is over: when `refine`, refine from the paths kept by
 * cg_keep_undefined; they are dropped. Whether the precision grew. */
static bool cg_refine_undefined(cg *c, bool refine) {
  bool grew = false;
  for (size_t i = 0; i < c->undefined.len; i++) {
    cg_path *p = &c->undefined.data[i];
    if (refine)
      grew |= c->dom->refine_undefined(c->d, p->edges, p->len, p->len - 1);
    mem_free(p->edges);
  }
  c->undefined.len = 0;
  return grew;
}

static pr_verdict cg_on_sink(void *arg, const pr_node *n, const cfa_edge *e,
                             const as_step *s, bool is_true) {
  cg *c = arg;
  unsigned loc = e ? e->to->id : n->loc->id;
  if (c->h->wanted && !c->h->wanted(c->h->arg, is_true, loc)) return PR_GO;
  if (!s) { /* the empty path: the automaton starts in a sink */
    c->h->decided(c->h->arg, n, 0, 0, is_true, SMT_FEASIBLE, 0, 0);
    return PR_GO;
  }
  /* not checked: the client hears UNKNOWN */
  if (cg_stopping(c) || !cg_sync(c, n)) {
    c->h->decided(c->h->arg, n, e, s, is_true, SMT_UNKNOWN, 0, 0);
    return PR_GO;
  }
  smt_model *m = 0;
  char *reason = 0;
  if (e) smt_push_edge(c->smt, e);
  cg_budget(c);
  smt_result r = smt_check(c->smt, &m, &reason);
  pr_verdict v = r == SMT_INFEASIBLE ? cg_restart(c, n, e) : PR_GO;
  size_t at;
  if (r == SMT_UNKNOWN && c->o->refine_undefined && c->dom->refine_undefined &&
      smt_undefined_at(c->smt, &at))
    cg_keep_undefined(c, n, e, at);
  if (v == PR_GO)
    c->h->decided(c->h->arg, n, e, s, is_true, r, m, reason);
  if (e) smt_pop(c->smt, 1);
  if (m) smt_model_free(m);
  mem_free(reason);
  return v;
}

/* A node at an error location: its path decided as a sink's candidate. */
static pr_verdict cg_on_target(void *arg, const pr_node *n) {
  cg *c = arg;
  if (!c->h->target) return PR_GO;
  if (cg_stopping(c) || !cg_sync(c, n)) {
    c->h->target(c->h->arg, n, SMT_UNKNOWN, 0, 0);
    return PR_GO;
  }
  smt_model *m = 0;
  char *reason = 0;
  cg_budget(c);
  smt_result r = smt_check(c->smt, &m, &reason);
  pr_verdict v = r == SMT_INFEASIBLE && !c->o->open_targets
                     ? cg_restart(c, n, 0)
                     : PR_GO;
  if (r == SMT_INFEASIBLE && c->o->open_targets) c->res->infeasible++;
  if (v == PR_GO)
    c->h->target(c->h->arg, n, r, m, reason);
  if (m) smt_model_free(m);
  mem_free(reason);
  return v;
}

void cg_run(const cfa *g, const as_view *v, const pr_domain *dom, void *d,
            smt_ctx *s, const cg_options *o, const cg_hooks *h,
            cg_result *res) {
  cg C = {0}, *c = &C;
  c->g = g;
  c->dom = dom;
  c->d = d;
  c->smt = s;
  c->o = o;
  c->h = h;
  c->res = res;
  c->prune = o->prune;
  pr_states *states = pr_states_new(dom, d);
  c->states = states;
  pr_hooks ph = {c, cg_on_step, cg_on_sink, cg_prune, cg_stop, cg_on_target};
  for (;;) {
    if (h->round) h->round(h->arg);
    c->spath.len = 0;
    smt_pop(s, smt_depth(s));
    /* with solver pruning, coverage must not let a covering node whose
     * branches the solver cut speak for other paths (product.h) */
    pr_options po = {.dfs = o->dfs || c->prune,
                     .max_depth = o->max_depth,
                     .sound_cover = c->prune,
                     .blocks = o->blocks,
                     .acyclic = o->acyclic,
                     .unroll = o->unroll,
                     .max_unroll = o->max_unroll,
                     .lazy = cg_lazy(c),
                     .max_path_length = o->max_path_length,
                     .max_assume_edges = o->max_assume_edges,
                     .max_repeat = o->max_repeat,
                     .omit = o->omit,
                     .nomit = o->nomit,
                     .collect = o->collect};
    pr_arg *a = pr_explore(g, v, states, &po, &ph);
    res->states += a->nodes;
    res->stack_cut |= a->stack_cut;
    if (a->stopped_by) res->stopped_by = a->stopped_by;
    bool again = a->restarted && !a->stopped_by;
    /* undefined behaviour blocked candidates: with the pointers behind it
     * tracked, a new search ends those paths at the undefined step, and
     * whatever they led to is reached by defined executions or not at all */
    if (cg_refine_undefined(c, !a->restarted && !a->stopped_by)) {
      res->refinements++;
      again = true;
    }
    /* pruning by the solver is exact on a tree; a covered state stands for
     * paths whose own branches were not checked */
    res->prune_incomplete =
        !again && a->pruned && a->covered && !po.sound_cover;
    res->uncovered += a->uncovered;
    res->repeated += a->repeated;
    if (again && res->refinements > o->max_refinements) {
      /* the last refinement is not explored: its candidates stay open */
      res->stopped_by = STOP_REFINEMENTS;
      again = false;
    }
    if (!again) {
      /* the last round's ARG is the result (cg_result_free) */
      res->arg = a;
      break;
    }
    pr_arg_free(a); /* an earlier precision's ARG: refined away */
  }
  res->states_table = states;
  VEC_FREE(c->spath);
  VEC_FREE(c->chain);
  VEC_FREE(c->undefined);
}

void cg_result_free(cg_result *res) {
  pr_arg_free(res->arg);
  res->arg = 0;
  pr_states_free(res->states_table);
  res->states_table = 0;
}
