#include "product.h"

#include "pblock.h"

#include "program/feature.h"
#include "program/psi.h"

#include "lib/mem.h"

#include <stdlib.h>
#include <string.h>

/* ---------- interned domain states ---------- */

typedef struct pr_snode {
  const void *s;
  uint64_t id;
  struct pr_snode *next;
} pr_snode;

struct pr_states {
  const pr_domain *dom;
  void *d;
  hmap byhash; /* domain hash -> chain */
  mem_arena *arena;
  VEC(const void *) all; /* in id order, to release */
  const void *init;      /* the domain's initial state (not released) */
  /* the last pr_pivot that found one: a client that finds a path stale
   * asks for the pivot and hands the path back at once (PR_REFINED, the
   * precision unchanged), and pr_cut takes it from here instead of
   * walking the path again */
  const pr_node *pivot_of;
  pr_node *pivot;
};

pr_states *pr_states_new(const pr_domain *dom, void *d) {
  pr_states *t = mem_calloc(1, sizeof *t);
  t->dom = dom;
  t->d = d;
  t->arena = mem_arena_new();
  t->init = dom->initial(d);
  return t;
}

void pr_states_free(pr_states *t) {
  if (!t) return;
  for (size_t i = 0; i < t->all.len; i++)
    if (t->all.data[i] != t->init && t->dom->release)
      t->dom->release(t->d, t->all.data[i]);
  VEC_FREE(t->all);
  hmap_free(&t->byhash);
  mem_arena_free(t->arena);
  mem_free(t);
}

/* The interned copy of s (s is released when an equal one exists), and
 * its sequential id (0 for the first) in *id. */
static const void *pr_intern(pr_states *t, const void *s, uint64_t *id) {
  uint64_t h = t->dom->hash(t->d, s);
  pr_snode *head = hmap_get(&t->byhash, h);
  for (pr_snode *c = head; c; c = c->next)
    if (c->s == s || t->dom->equal(t->d, c->s, s)) {
      if (c->s != s && s != t->init && t->dom->release)
        t->dom->release(t->d, s);
      *id = c->id;
      return c->s;
    }
  pr_snode *c = mem_arena_alloc(t->arena, sizeof *c);
  c->s = s;
  c->id = t->all.len;
  c->next = head;
  hmap_put(&t->byhash, h, c);
  VEC_PUSH(t->all, s);
  *id = c->id;
  return s;
}

/* ---------- the search ---------- */

#define PR_MIX 0x9e3779b97f4a7c15ull

/* pr_options.lazy: a node n one of whose successors the node holding the
 * record covered */
typedef struct pr_cov {
  pr_node *parent;
  struct pr_cov *next;
} pr_cov;

static const pr_stack *pr_push(pr_arg *a, const pr_stack *up,
                               const cfa_edge *call, const void *caller,
                               uint64_t caller_id) {
  pr_stack *s = mem_arena_alloc(a->arena, sizeof *s);
  s->call = call;
  s->up = up;
  s->caller = caller;
  s->depth = up ? up->depth + 1 : 1;
  /* ids, not addresses: the same on every run */
  s->hash =
      ((up ? up->hash : 7) * 31 + call->id) * 1099511628211ull ^ caller_id;
  return s;
}

static bool pr_stack_equal(const pr_stack *a, const pr_stack *b) {
  while (a && b) {
    if (a == b) return true;
    if (a->call != b->call || a->caller != b->caller) return false;
    a = a->up;
    b = b->up;
  }
  return a == b;
}

/* Key of the reached states at one location, stack and automaton state
 * (for domains with a cover relation). */
static uint64_t pr_loc_key(const cfa_node *loc, const pr_stack *st,
                           unsigned q) {
  uint64_t h = (loc->id * PR_MIX ^ q) * PR_MIX ^ (st ? st->hash : 0);
  return h ? h : 1;
}

static uint64_t pr_hash(const cfa_node *loc, const pr_stack *st, unsigned q,
                        uint64_t did) {
  uint64_t h = loc->id;
  h = h * PR_MIX ^ q;
  h = h * PR_MIX ^ (st ? st->hash : 0);
  h = h * PR_MIX ^ did;
  return h ? h : 1;
}

/* Stop operator: a reached node with the equal interned state, or one
 * whose state covers d by the domain's order, at the same location, stack
 * and automaton state; NULL if none. With `sound` a node below which the
 * solver pruned a branch never covers (see pr_options.sound_cover). */
static pr_node *pr_stop(pr_arg *a, const cfa_node *loc, const pr_stack *st,
                        unsigned q, const void *d, uint64_t h, bool sound) {
  for (pr_node *n = hmap_get(&a->reached, h), *prev = 0; n;
       prev = n, n = n->next_same) {
    while (prev && n && n->removed) /* cut away (lazy): unlinked */
      n = prev->next_same = n->next_same;
    if (!n) break;
    if (!n->removed && n->loc == loc && n->q == q && n->d == d &&
        pr_stack_equal(n->stack, st) && !(sound && n->pruned_below))
      return n;
  }
  const pr_domain *dom = a->states->dom;
  if (!dom->covers) return 0;
  for (pr_node *n = hmap_get(&a->byloc, pr_loc_key(loc, st, q)), *prev = 0; n;
       prev = n, n = n->next_loc) {
    while (prev && n && n->removed)
      n = prev->next_loc = n->next_loc;
    if (!n) break;
    if (!n->removed && n->loc == loc && n->q == q &&
        pr_stack_equal(n->stack, st) && !(sound && n->pruned_below) &&
        dom->covers(a->states->d, n->d, d))
      return n;
  }
  return 0;
}

static pr_node *pr_node_new(pr_arg *a, pr_node *parent, const cfa_edge *e,
                            const cfa_node *loc, const pr_stack *st, unsigned q,
                            unsigned aa_from, const void *d, uint64_t did,
                            uint64_t h) {
  pr_node *n = mem_arena_alloc(a->arena, sizeof *n);
  n->loc = loc;
  n->stack = st;
  n->q = q;
  n->d = d;
  n->did = did;
  n->parent = parent;
  n->edge = e;
  n->aa_from = aa_from;
  n->depth = parent ? parent->depth + 1 : 0;
  n->hash = h;
  return n;
}

/* Put n into the reached set and the wait list. */
static void pr_insert(pr_arg *a, pr_node *n) {
  uint64_t h = n->hash;
  const cfa_node *loc = n->loc;
  const pr_stack *st = n->stack;
  unsigned q = n->q;
  n->id = a->nodes++;
  if (n->parent) {
    n->sibling = n->parent->child;
    n->parent->child = n;
  }
  n->next_same = hmap_get(&a->reached, h);
  hmap_put(&a->reached, h, n);
  if (a->states->dom->covers) {
    uint64_t k = pr_loc_key(loc, st, q);
    n->next_loc = hmap_get(&a->byloc, k);
    hmap_put(&a->byloc, k, n);
  }
  VEC_PUSH(a->wait, n);
}

static pr_node *pr_add(pr_arg *a, pr_node *parent, const cfa_edge *e,
                       const cfa_node *loc, const pr_stack *st, unsigned q,
                       unsigned aa_from, const void *d, uint64_t did,
                       uint64_t h) {
  pr_node *n = pr_node_new(a, parent, e, loc, st, q, aa_from, d, did, h);
  pr_insert(a, n);
  return n;
}

/* The solver cut a branch below n: n and its ancestors no longer stand for
 * other paths to their states, so the nodes they covered are explored
 * after all. */
static void pr_pruned_below(pr_arg *a, pr_node *n) {
  for (; n && !n->pruned_below; n = n->parent) {
    n->pruned_below = true;
    for (pr_node *c = n->pending, *next; c; c = next) {
      next = c->next_pending;
      a->covered--;
      a->uncovered++;
      pr_insert(a, c);
    }
    n->pending = 0;
  }
}

/* How many of n and its ancestors stand at (loc, st, q). */
static unsigned pr_on_path(const pr_node *n, const cfa_node *loc,
                           const pr_stack *st, unsigned q) {
  unsigned k = 0;
  for (; n; n = n->parent)
    if (!n->mid && n->loc == loc && n->q == q && pr_stack_equal(n->stack, st)) k++;
  return k;
}

/* pr_options.acyclic: false (and a->stopped_by set) when a node at (loc,
 * st, q) below n may not be added. */
static bool pr_acyclic_ok(pr_arg *a, const pr_options *o, const pr_node *n,
                          const cfa_node *loc, const pr_stack *st,
                          unsigned q) {
  if (!o->acyclic) return true;
  unsigned k = pr_on_path(n, loc, st, q);
  if (!k) return true;
  a->repeated++;
  if (o->unroll && (!o->max_unroll || k <= o->max_unroll)) return true;
  a->stopped_by = STOP_CYCLE;
  return false;
}

/* pr_options.lazy: `by` covered a successor of n. */
static void pr_cover_note(pr_arg *a, const pr_options *o, pr_node *by,
                          pr_node *n) {
  if (!o->lazy) return;
  pr_cov *c = mem_arena_alloc(a->arena, sizeof *c);
  c->parent = n;
  c->next = by->covering;
  by->covering = c;
}

/* pr_options.collect: a successor of `from` over e (automaton state q)
 * covered by `to`, or cut (to NULL). */
static void pr_link_note(pr_arg *a, const pr_options *o, pr_node *from,
                         const cfa_edge *e, pr_node *to, unsigned q) {
  if (!o->collect) return;
  pr_link l = {from, e, to, q, false};
  VEC_PUSH(a->links, l);
}

/* pr_options.collect: the successor of `from` over e entered the
 * automaton's __TRUE (a condition's: what an earlier run verified). */
static void pr_link_verified(pr_arg *a, const pr_options *o, pr_node *from,
                             const cfa_edge *e, unsigned q) {
  if (!o->collect || !e) return;
  pr_link l = {from, e, 0, q, true};
  VEC_PUSH(a->links, l);
}

/* The most program edges and assume edges of any way through edge e (a
 * block: the longest ways through its DAG, whose edges come in a
 * topological order of their sources). */
static void pr_weight(const cfa_edge *e, unsigned *len, unsigned *assumes) {
  if (e->kind != CFA_BLOCK) {
    *len = 1;
    *assumes = e->kind == CFA_ASSUME;
    return;
  }
  hmap at = {0}; /* node -> 1 + index into best */
  VEC(unsigned) best = {0}; /* pairs: length, assume edges */
  unsigned top_len = 0, top_as = 0;
  for (size_t i = 0; i < e->nblock; i++) {
    const cfa_edge *b = e->block[i];
    size_t k = (size_t)(uintptr_t)hmap_get(&at, (uint64_t)(uintptr_t)b->from);
    unsigned l = k ? best.data[2 * (k - 1)] : 0;
    unsigned s = k ? best.data[2 * (k - 1) + 1] : 0;
    l += 1;
    s += b->kind == CFA_ASSUME;
    size_t j = (size_t)(uintptr_t)hmap_get(&at, (uint64_t)(uintptr_t)b->to);
    if (!j) {
      VEC_PUSH(best, 0);
      VEC_PUSH(best, 0);
      j = best.len / 2;
      hmap_put(&at, (uint64_t)(uintptr_t)b->to, (void *)(uintptr_t)j);
    }
    if (best.data[2 * (j - 1)] < l) best.data[2 * (j - 1)] = l;
    if (best.data[2 * (j - 1) + 1] < s) best.data[2 * (j - 1) + 1] = s;
    if (top_len < l) top_len = l;
    if (top_as < s) top_as = s;
  }
  hmap_free(&at);
  VEC_FREE(best);
  *len = top_len;
  *assumes = top_as;
}

static bool pr_omitted_name(const char *name, void *arg) {
  const pr_options *o = arg;
  for (size_t i = 0; i < o->nomit; i++)
    if (!strcmp(o->omit[i], name)) return true;
  return false;
}

/* Does e call a function of pr_options.omit? Cached by edge of g (an edge
 * of a block made in product with an automaton is not g's: asked anew). */
static bool pr_omitted(pr_arg *a, const pr_options *o, const cfa_edge *e) {
  const cfa *g = a->g;
  bool mine = e->id < g->edges.len && g->edges.data[e->id] == e;
  if (mine && !a->omit_of) a->omit_of = mem_calloc(g->edges.len + 1, 1);
  if (mine && a->omit_of[e->id]) return a->omit_of[e->id] == 2;
  bool yes = ft_edge_calls(e, pr_omitted_name, (void *)o);
  if (mine) a->omit_of[e->id] = yes ? 2 : 1;
  return yes;
}

/* pr_options' conditions for the successor of n over e at location `to`:
 * true when its branch is cut (counted, and linked when collecting);
 * else *len and *as are the successor's figures. */
static bool pr_condition_cut(pr_arg *a, const pr_options *o, pr_node *n,
                             const cfa_edge *e, const cfa_node *to,
                             unsigned q, unsigned *len, unsigned *as) {
  *len = *as = 0;
  if (o->nomit && pr_omitted(a, o, e)) {
    a->cut++;
    a->omitted++;
    pr_link_note(a, o, n, e, 0, q);
    return true;
  }
  if (!o->max_path_length && !o->max_assume_edges && !o->max_repeat)
    return false;
  unsigned l, s;
  pr_weight(e, &l, &s);
  *len = n->length + l;
  *as = n->assumes + s;
  bool cut = (o->max_path_length && *len > o->max_path_length) ||
             (o->max_assume_edges && *as > o->max_assume_edges);
  if (!cut && o->max_repeat) {
    unsigned k = 1;
    for (const pr_node *p = n; p && k <= o->max_repeat; p = p->parent)
      k += !p->mid && p->loc == to;
    cut = k > o->max_repeat;
  }
  if (!cut) return false;
  a->cut++;
  pr_link_note(a, o, n, e, 0, q);
  return true;
}

static int pr_id_cmp(const void *x, const void *y) {
  unsigned long a = (*(pr_node *const *)x)->id,
                b = (*(pr_node *const *)y)->id;
  return a < b ? -1 : a > b;
}

/* Cut the subtree of pivot away; the nodes whose successors a cut node
 * covered, and the pivot's parent, go back to the wait list. */
static void pr_cut_subtree(pr_arg *a, pr_node *pivot) {
  while (pivot->parent && pivot->parent->mid) /* never expanded itself */
    pivot = pivot->parent;
  pr_node **pp = &pivot->parent->child;
  while (*pp != pivot) pp = &(*pp)->sibling;
  *pp = pivot->sibling;
  VEC(pr_node *) todo = {0};
  VEC(pr_node *) again = {0};
  VEC_PUSH(todo, pivot);
  while (todo.len) {
    pr_node *m = todo.data[--todo.len];
    m->removed = true;
    a->removed++;
    for (pr_node *c = m->child; c; c = c->sibling)
      VEC_PUSH(todo, c);
    for (pr_cov *c = m->covering; c; c = c->next)
      VEC_PUSH(again, c->parent);
  }
  VEC_PUSH(again, pivot->parent);
  /* once each, in order of creation (the same on every run) */
  qsort(again.data, again.len, sizeof *again.data, pr_id_cmp);
  for (size_t i = 0; i < again.len; i++)
    if (!again.data[i]->removed &&
        (!i || again.data[i - 1] != again.data[i])) {
      again.data[i]->expanded = false;
      VEC_PUSH(a->wait, again.data[i]);
    }
  VEC_FREE(todo);
  VEC_FREE(again);
}

pr_node *pr_pivot(pr_states *t, const pr_node *n) {
  const pr_domain *dom = t->dom;
  const pr_node **path;
  size_t len = pr_path(n, &path);
  pr_node *pivot = 0;
  for (size_t i = 0; i < len && !pivot; i++) {
    pr_node *p = (pr_node *)path[i], *up = p->parent;
    const void *caller = p->edge->kind == CFA_RETURN && up->stack
                             ? up->stack->caller
                             : 0;
    const void *nd;
    uint64_t did;
    if (!dom->post(t->d, up->d, caller, p->edge, &nd))
      pivot = p;
    else {
      nd = pr_intern(t, nd, &did);
      if (did != p->did) pivot = p;
    }
  }
  mem_free(path);
  t->pivot_of = pivot ? n : 0;
  t->pivot = pivot;
  return pivot;
}

/* pr_options.lazy after PR_REFINED for the path to n: cut at its pivot;
 * false when there is none (the caller restarts). */
static bool pr_cut(pr_arg *a, pr_node *n) {
  pr_states *t = a->states;
  pr_node *pivot = t->pivot_of == n ? t->pivot : pr_pivot(t, n);
  t->pivot_of = 0;
  if (!pivot) return false;
  pr_cut_subtree(a, pivot);
  a->refined++;
  return true;
}

/* What a hook's verdict about a candidate at n means for the search: true
 * when n is not to be expanded further (a new round, or n was cut away). */
static bool pr_verdict_stops(pr_arg *a, const pr_options *o, pr_node *n,
                             pr_verdict v) {
  if (v == PR_GO) return false;
  if (v == PR_REFINED && o->lazy && pr_cut(a, n)) return true;
  a->restarted = true;
  return true;
}

/* The successor of n by edge `by` (from `par`: n, or its mid node) into
 * (by->to, st, q) with interned state nd: covered, or added. False when
 * the search stops (pr_options.acyclic). */
static bool pr_follow(pr_arg *a, const pr_options *o, pr_node *n,
                      pr_node *par, const cfa_edge *by, const pr_stack *st,
                      unsigned q, unsigned aa_from, const void *nd,
                      uint64_t did) {
  const cfa_node *loc = by->to;
  /* the program's edge (an ASSUME edge comes after its mid node's) */
  const cfa_edge *e = par == n ? by : par->edge;
  unsigned len, as;
  if (pr_condition_cut(a, o, n, e, loc, q, &len, &as)) return true;
  uint64_t hh = pr_hash(loc, st, q, did);
  pr_node *b = pr_stop(a, loc, st, q, nd, hh, o->sound_cover);
  if (b) {
    a->covered++;
    pr_cover_note(a, o, b, n);
    if (!o->sound_cover) pr_link_note(a, o, n, e, b, q);
    if (o->sound_cover) { /* kept aside until a pruning below `b` */
      pr_node *c = pr_node_new(a, par, by, loc, st, q, aa_from, nd, did, hh);
      c->next_pending = b->pending;
      b->pending = c;
    }
    return true;
  }
  if (!pr_acyclic_ok(a, o, par, loc, st, q)) return false;
  pr_node *c = pr_add(a, par, by, loc, st, q, aa_from, nd, did, hh);
  c->length = len;
  c->assumes = as;
  return true;
}

/* The node after edge e from n whose ASSUME edge comes next (pr_node.mid):
 * in n's tree, never in the reached set or the wait list. */
static pr_node *pr_mid(pr_arg *a, pr_node *n, const cfa_edge *e,
                       const pr_stack *st, unsigned q, unsigned aa_from,
                       const void *nd, uint64_t did) {
  pr_node *m = pr_node_new(a, n, e, e->to, st, q, aa_from, nd, did, 0);
  m->mid = true;
  m->sibling = n->child;
  n->child = m;
  return m;
}

/* The ASSUME edge p (step s) from the mid node m below n: a successor, or
 * with `sink` the candidate of the sink s enters. True when n is not to be
 * expanded further (a hook's verdict, pr_options.acyclic). */
static bool pr_assume_step(pr_arg *a, const pr_options *o, const pr_hooks *h,
                           pr_node *n, pr_node *m, const cfa_edge *p,
                           const as_step *s, bool sink, bool is_true) {
  const pr_domain *dom = a->states->dom;
  void *d = a->states->d;
  const void *nd;
  if (!dom->post(d, m->d, 0, p, &nd)) return false;
  if (h->prune && !(dom->decides && dom->decides(d, m->d, p)) &&
      h->prune(h->arg, m, p)) {
    a->pruned++;
    if (o->sound_cover) pr_pruned_below(a, m);
    if (nd != m->d && dom->release) dom->release(d, nd);
    return false;
  }
  if (sink) {
    if (nd != m->d && dom->release) dom->release(d, nd);
    if (is_true) pr_link_verified(a, o, n, m->edge, s->target);
    return h->on_sink &&
           pr_verdict_stops(a, o, m, h->on_sink(h->arg, m, p, s, is_true));
  }
  uint64_t did;
  nd = pr_intern(a->states, nd, &did);
  return !pr_follow(a, o, n, m, p, m->stack, s->target, m->q, nd, did);
}

/* Where no psi of the steps taken over e from n holds (fs: the first step
 * with a psi; conds[0..nconds): the transitions with a condition): the
 * frontier at e, under the negation of their disjunction. True when n is
 * not to be expanded further. */
static bool pr_frontier(pr_arg *a, const pr_options *o, const pr_hooks *h,
                        pr_node *n, const cfa_edge *e, const pr_stack *st,
                        const void *nd, uint64_t did, const as_step *fs,
                        const int *conds, unsigned nconds) {
  as_step s = *fs;
  int32_t fq = as_view_aa(a->v)->false_sink;
  if (fq != AA_NONE) s.target = (unsigned)fq;
  /* a condition automaton's __FALSE is no sink (as_view_condition): the
   * path goes on there, unrestricted */
  bool sink = fq == AA_NONE || as_is_sink(a->v, (unsigned)fq, 0);
  unsigned from = s.neps ? s.eps_from : n->q;
  if (!nconds) {
    if (!sink) return !pr_follow(a, o, n, n, e, st, s.target, from, nd, did);
    return h->on_sink &&
           pr_verdict_stops(a, o, n, h->on_sink(h->arg, n, e, &s, false));
  }
  const cfa_edge *p = psi_edge(as_view_psi(a->v), conds, nconds, e, true);
  if (!p) return false;
  pr_node *m = pr_mid(a, n, e, st, s.target, from, nd, did);
  return pr_assume_step(a, o, h, n, m, p, &s, sink, false);
}

/* Block e from n in product with the automaton (pr_options.blocks). */
static void pr_expand_block(pr_arg *a, const pr_options *o, const pr_hooks *h,
                            pr_node *n, const cfa_edge *e) {
  const pr_domain *dom = a->states->dom;
  void *d = a->states->d;
  size_t nx;
  const pb_exit *x = pb_exits(o->blocks, e, n->q, &nx);
  for (size_t i = 0; i < nx; i++, x++) {
    if (x->before) { /* the sink is entered before the block */
      if (h->on_sink &&
          pr_verdict_stops(a, o, n,
                           h->on_sink(h->arg, n, 0, &x->step, x->is_true)))
        return;
      continue;
    }
    const void *nd;
    if (!dom->post(d, n->d, 0, x->e, &nd)) continue;
    if (!x->sink && h->prune && h->prune(h->arg, n, x->e)) {
      a->pruned++;
      if (o->sound_cover)
        pr_pruned_below(a, n);
      else /* a fact of n's path: not of the paths n covers */
        pr_link_note(a, o, n, x->e, 0, x->step.target);
      if (nd != n->d && dom->release) dom->release(d, nd);
      continue;
    }
    if (h->on_step)
      for (size_t k = 0; k < x->nsteps; k++)
        h->on_step(h->arg, n, x->steps[k]->e, &x->steps[k]->s);
    if (x->sink) {
      if (nd != n->d && dom->release) dom->release(d, nd);
      if (x->is_true) pr_link_verified(a, o, n, x->e, x->step.target);
      if (h->on_sink &&
          pr_verdict_stops(a, o, n,
                           h->on_sink(h->arg, n, x->e, &x->step, x->is_true)))
        return;
      continue;
    }
    uint64_t did;
    nd = pr_intern(a->states, nd, &did);
    if (!pr_follow(a, o, n, n, x->e, n->stack, x->step.target, n->q, nd, did))
      return;
  }
}

static void pr_expand(pr_arg *a, const pr_options *o, const pr_hooks *h,
                      pr_node *n) {
  const pr_domain *dom = a->states->dom;
  void *d = a->states->d;
  if (n->loc->is_error && h->on_target) {
    a->targets++;
    n->expanded = true; /* a target: it has no successors */
    pr_verdict_stops(a, o, n, h->on_target(h->arg, n));
    return;
  }
  if (n->loc->is_error || n->loc->is_terminal) {
    n->expanded = true;
    return;
  }
  for (const cfa_edge *e = n->loc->out; e; e = e->next_out) {
    if (e->kind == CFA_BLOCK && a->v && o->blocks) {
      pr_expand_block(a, o, h, n, e);
      if (a->restarted || n->removed) return; /* n was cut away (lazy) */
      continue;
    }
    const pr_stack *st = n->stack;
    const void *caller = 0;
    if (e->kind == CFA_RETURN) {
      if (!st || st->call != e->call) continue;
      caller = st->caller;
      st = st->up;
    } else if (e->kind == CFA_CALL) {
      if (st && st->depth >= o->max_depth) {
        a->stack_cut = true;
        pr_link_note(a, o, n, e, 0, n->q);
        continue;
      }
      st = pr_push(a, st, e, n->d, n->did);
    }
    const void *nd;
    if (!dom->post(d, n->d, caller, e, &nd)) continue;
    if (h->prune && (e->kind == CFA_ASSUME || e->kind == CFA_BLOCK) &&
        !(dom->decides && dom->decides(d, n->d, e)) && h->prune(h->arg, n, e)) {
      a->pruned++;
      if (o->sound_cover)
        pr_pruned_below(a, n);
      else /* a fact of n's path: not of the paths n covers */
        pr_link_note(a, o, n, e, 0, n->q);
      if (nd != n->d && dom->release) dom->release(d, nd);
      continue;
    }
    uint64_t did;
    nd = pr_intern(a->states, nd, &did);
    as_step steps[8];
    unsigned ns;
    if (a->v)
      ns = as_step_edge(a->v, n->q, e, steps, 8);
    else { /* no automaton: it stays in state 0 */
      memset(steps, 0, sizeof steps[0]);
      steps[0].transition = -1;
      steps[0].rule = AS_STAY;
      steps[0].near = -1;
      ns = 1;
    }
    /* ASSUMEs (psi.h): a step whose psi is not trivially true goes on
     * through its ASSUME edge; where no taken step's psi holds, the
     * frontier */
    const psi_set *ps = a->v ? as_view_psi(a->v) : 0;
    int conds[8];
    unsigned nconds = 0;
    bool holds = !ps;
    const as_step *fs = 0;
    for (unsigned i = 0; i < ns; i++) {
      const as_step *s = &steps[i];
      if (h->on_step) h->on_step(h->arg, n, e, s);
      bool is_true = false;
      bool sink = !s->stop && a->v && as_is_sink(a->v, s->target, &is_true);
      psi_kind k = ps && !s->stop && !s->before_edge
                       ? psi_kind_of(ps, s->transition)
                       : PSI_TRUE;
      if (k == PSI_FALSE && sink && !is_true) k = PSI_TRUE; /* frontier */
      if (k != PSI_TRUE) {
        if (!fs) fs = s;
        if (k == PSI_COND) {
          conds[nconds++] = s->transition;
          const cfa_edge *p = psi_edge(ps, &s->transition, 1, e, false);
          pr_node *m = pr_mid(a, n, e, st, s->target,
                              s->neps ? s->eps_from : n->q, nd, did);
          if (p && pr_assume_step(a, o, h, n, m, p, s, sink, is_true)) return;
        }
        continue;
      }
      holds = true;
      if (s->stop) continue;
      if (sink) {
        if (is_true && !s->before_edge)
          pr_link_verified(a, o, n, e, s->target);
        if (h->on_sink &&
            pr_verdict_stops(a, o, n,
                             h->on_sink(h->arg, n, s->before_edge ? 0 : e, s,
                                        is_true)))
          return;
        continue;
      }
      if (!pr_follow(a, o, n, n, e, st, s->target,
                     s->neps ? s->eps_from : n->q, nd, did))
        return;
    }
    if (!holds && fs && pr_frontier(a, o, h, n, e, st, nd, did, fs, conds,
                                    nconds))
      return;
  }
  /* a cycle (pr_options.acyclic) may have stopped a block's exits */
  n->expanded = !a->stopped_by;
}

pr_arg *pr_explore(const cfa *g, const as_view *v, pr_states *states,
                   const pr_options *o, const pr_hooks *h) {
  pr_arg *a = mem_calloc(1, sizeof *a);
  a->g = g;
  a->v = v;
  a->states = states;
  a->arena = mem_arena_new();
  uint64_t did0;
  const void *d0 = pr_intern(states, states->init, &did0);
  unsigned q0 = v ? as_initial(v) : 0;
  bool is_true;
  if (v && as_is_sink(v, q0, &is_true)) {
    /* nothing to explore: the empty trace is already in the sink */
    a->root = mem_arena_alloc(a->arena, sizeof *a->root);
    a->root->loc = g->start;
    a->root->q = a->root->aa_from = q0;
    a->root->d = d0;
    a->root->did = did0;
    if (h->on_sink && h->on_sink(h->arg, a->root, 0, 0, is_true) != PR_GO)
      a->restarted = true;
    else
      a->finished = true;
    return a;
  }
  a->root = pr_add(a, 0, 0, g->start, 0, q0, q0, d0, did0,
                   pr_hash(g->start, 0, q0, did0));
  size_t head = 0;
  for (;;) {
    pr_node *n;
    if (o->dfs) {
      if (!a->wait.len) break;
      n = a->wait.data[--a->wait.len];
    } else {
      if (head == a->wait.len) break;
      n = a->wait.data[head++];
    }
    if (n->removed) continue; /* cut away by a refinement (lazy) */
    if (h->stop && (a->stopped_by = h->stop(h->arg, a->nodes))) break;
    pr_expand(a, o, h, n);
    if (a->restarted || a->stopped_by) break;
  }
  a->finished = !a->restarted && !a->stopped_by;
  return a;
}

void pr_arg_free(pr_arg *a) {
  if (!a) return;
  hmap_free(&a->reached);
  hmap_free(&a->byloc);
  VEC_FREE(a->wait);
  VEC_FREE(a->links);
  mem_free(a->omit_of);
  mem_arena_free(a->arena);
  mem_free(a);
}

char *pr_condition(const pr_arg *a, const pr_node *n, const cfa_function *fn) {
  const pr_domain *dom = a->states->dom;
  if (!dom->condition) return 0;
  return dom->condition(a->states->d, n->d, fn);
}

size_t pr_path(const pr_node *n, const pr_node ***out) {
  size_t len = 0;
  for (const pr_node *p = n; p && p->parent; p = p->parent)
    len++;
  const pr_node **v = mem_alloc((len + 1) * sizeof *v);
  size_t i = len;
  for (const pr_node *p = n; p && p->parent; p = p->parent)
    v[--i] = p;
  *out = v;
  return len;
}
