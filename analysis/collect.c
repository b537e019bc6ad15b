#include "collect.h"

#include "fold.h"
#include "lib/hmap.h"
#include "lib/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An arc of the ARG: a successor of node `from` over edge e (of the
 * searched CFA): the node `to`, or a cut (to NULL). */
typedef struct {
  size_t from;
  const cfa_edge *e;
  const pr_node *to;
  bool verified; /* into a condition's __TRUE (pr_link.verified) */
} ac_arc;

/* A transition to write: from state `src` (index into the states) on the
 * raw statement `text` to the state named `dst`. */
typedef struct {
  size_t src, seq;
  const char *text;
  const char *dst;
  /* the state dst names, for ac_fold: to_state (1 + index), else the
   * state of node to_node (1 + index in nodes), else a sink; ac_fold
   * resolves it once into dsti (fold.h's index, FOLD_TRUE, FOLD_FALSE) */
  size_t to_state, to_node, dsti;
  /* what the domain knows at the target (ASSUME), or NULL; written with
   * the complementary transition to __FALSE */
  const char *assume;
  bool dup; /* an earlier one of its state has the same text */
} ac_tr;

typedef struct {
  const pr_arg *a;
  const pb_cache *pb;
  VEC(const pr_node *) nodes; /* live nodes, ascending id */
  size_t *index;              /* by node id: 1 + index in nodes, 0 none */
  size_t nindex;              /* ids below it have an entry */
  VEC(ac_arc) arcs;
  unsigned char *relevant; /* by node index */
  /* the output */
  mem_arena *names;          /* state names */
  VEC(const char *) states;  /* names, in the order they are written */
  VEC(unsigned) at;          /* by state: its original CFA node id */
  VEC(unsigned char) helper; /* by state: a helper ARG<n>M<k> */
  size_t *node_state;        /* by node index: 1 + index of its state */
  const char **node_name;    /* by node index: its state's name */
  VEC(ac_tr) trs;
  hmap helpers;              /* "n:node:q" -> 1 + state index */
  ac_sinks *sinks;           /* or NULL */
  ac_exec *exec;             /* or NULL: its edges taken (ac_nodes) */
  unsigned char *covered;    /* by node index: a cover reaches it or an
                                ancestor */
  ac_figures f;
  bool used_false;
  const char *initial; /* the initial state's name */
  bool assumptions;    /* write ASSUMEs (ac_collect) */
  hmap scopes;         /* raw text -> function name or AC_SCOPES */
  bool scopes_made;
} ac;

/* 1 + the index of node n in c->nodes, 0 when it is not live */
static size_t ac_live(const ac *c, const pr_node *n) {
  return n->id < c->nindex ? c->index[n->id] : 0;
}

static size_t ac_node_index(const ac *c, const pr_node *n) {
  return ac_live(c, n) - 1;
}

static int ac_node_cmp(const void *x, const void *y) {
  unsigned long a = (*(const pr_node *const *)x)->id,
                b = (*(const pr_node *const *)y)->id;
  return a < b ? -1 : a > b;
}

/* The live nodes (the tree from the root, without what a lazy refinement
 * cut away), in order of creation. */
/* ac_exec.taken: the edge n came by (a block's edges) */
static void ac_taken(ac_exec *x, const pr_node *n) {
  const cfa_edge *e = n->edge;
  if (!e) return;
  size_t k = e->kind == CFA_BLOCK ? e->nblock : 1;
  for (size_t i = 0; i < k; i++) {
    const cfa_edge *b = e->kind == CFA_BLOCK ? e->block[i] : e;
    const cfa_edge *d = b->orig ? b->orig : b;
    if (d->id < x->ntaken) x->taken[d->id] = 1;
  }
}

static void ac_nodes(ac *c) {
  VEC(const pr_node *) todo = {0};
  if (c->a->root) VEC_PUSH(todo, c->a->root);
  while (todo.len) {
    const pr_node *n = todo.data[--todo.len];
    if (n->removed) continue;
    if (c->exec) ac_taken(c->exec, n);
    if (!n->mid) VEC_PUSH(c->nodes, n); /* a mid node is part of an arc */
    for (const pr_node *k = n->child; k; k = k->sibling)
      VEC_PUSH(todo, k);
  }
  VEC_FREE(todo);
  if (c->nodes.len) /* none: data is NULL */
    qsort(c->nodes.data, c->nodes.len, sizeof *c->nodes.data, ac_node_cmp);
  c->nindex = c->nodes.len ? c->nodes.data[c->nodes.len - 1]->id + 1 : 0;
  c->index = mem_calloc(c->nindex + 1, sizeof *c->index);
  for (size_t i = 0; i < c->nodes.len; i++)
    c->index[c->nodes.data[i]->id] = i + 1;
  c->node_state = mem_calloc(c->nodes.len + 1, sizeof *c->node_state);
  c->node_name = mem_calloc(c->nodes.len + 1, sizeof *c->node_name);
}

static void ac_arc_add(ac *c, const pr_node *from, const cfa_edge *e,
                       const pr_node *to, bool verified) {
  if (from->removed || (to && to->removed)) return; /* a lazy cut's */
  if (!ac_live(c, from)) return; /* not live */
  /* a successor that is not in the tree from the root (none is known):
   * a cut, so that the automaton claims nothing of it */
  if (to && !ac_live(c, to)) to = 0;
  ac_arc x = {ac_node_index(c, from), e, to, verified};
  VEC_PUSH(c->arcs, x);
}

static int ac_arc_cmp(const void *x, const void *y) {
  const ac_arc *a = x, *b = y;
  if (a->from != b->from) return a->from < b->from ? -1 : 1;
  if (a->e->id != b->e->id) return a->e->id < b->e->id ? -1 : 1;
  unsigned long ia = a->to ? a->to->id + 1 : 0, ib = b->to ? b->to->id + 1 : 0;
  if (ia != ib) return ia < ib ? -1 : 1;
  return a->verified - b->verified;
}

/* The node of the ARG a node came from, over a mid node (pr_node.mid:
 * the program's edge, then an ASSUME's), and that program edge. */
static const pr_node *ac_parent(const pr_node *n, const cfa_edge **e) {
  const pr_node *p = n->parent;
  *e = n->edge;
  if (p && p->mid) {
    *e = p->edge;
    p = p->parent;
  }
  return p;
}

/* Children, covers and cuts; with a sound cover (pr_options.sound_cover)
 * the covered successors still pending under their cover. */
static void ac_arcs(ac *c) {
  for (size_t i = 0; i < c->nodes.len; i++) {
    const pr_node *n = c->nodes.data[i];
    const cfa_edge *e;
    const pr_node *p = ac_parent(n, &e);
    if (p) ac_arc_add(c, p, e, n, false);
    for (const pr_node *k = n->pending; k; k = k->next_pending) {
      const pr_node *q = ac_parent(k, &e);
      if (q) ac_arc_add(c, q, e, n, false);
    }
  }
  for (size_t i = 0; i < c->a->links.len; i++) {
    const pr_link *l = &c->a->links.data[i];
    ac_arc_add(c, l->from, l->e, l->to, l->verified);
  }
  if (c->arcs.len) /* none: data is NULL */
    qsort(c->arcs.data, c->arcs.len, sizeof *c->arcs.data, ac_arc_cmp);
}

/* The nodes that a cover reaches, or one of their ancestors (nodes come
 * in order of creation: parents first). */
static void ac_covered(ac *c) {
  c->covered = mem_calloc(c->nodes.len + 1, 1);
  for (size_t i = 0; i < c->arcs.len; i++) {
    const ac_arc *x = &c->arcs.data[i];
    const cfa_edge *e;
    if (x->to && !(ac_parent(x->to, &e) == c->nodes.data[x->from] &&
                   e == x->e))
      c->covered[ac_node_index(c, x->to)] = 1;
  }
  for (size_t i = 0; i < c->nodes.len; i++) {
    const cfa_edge *e;
    const pr_node *p = ac_parent(c->nodes.data[i], &e);
    if (p && c->covered[ac_node_index(c, p)]) c->covered[i] = 1;
  }
}

static void ac_sink_note(ac *c, size_t from, const cfa_edge *e, bool is_true) {
  if (!c->sinks) return;
  ac_sink k = {c->nodes.data[from], e, is_true, !c->covered[from]};
  VEC_PUSH(*c->sinks, k);
}

/* Territory never verified: an error location, or a node whose successors
 * were not all made. */
static bool ac_false(const pr_node *n) {
  return n->loc->is_error || !n->expanded;
}

static bool ac_arc_false(const ac_arc *x) {
  return !x->verified && (!x->to || ac_false(x->to));
}

/* The nodes from which unverified territory is reachable: backwards from
 * the arcs into it, over the arcs in reverse. */
static void ac_relevance(ac *c) {
  size_t n = c->nodes.len, m = c->arcs.len;
  c->relevant = mem_calloc(n + 1, 1);
  size_t *start = mem_calloc(n + 2, sizeof *start), *into = 0;
  if (m) into = mem_alloc(m * sizeof *into);
  for (size_t i = 0; i < m; i++)
    if (c->arcs.data[i].to && !ac_arc_false(&c->arcs.data[i]))
      start[ac_node_index(c, c->arcs.data[i].to) + 1]++;
  for (size_t i = 0; i < n; i++) start[i + 1] += start[i];
  size_t *fill = mem_alloc((n + 1) * sizeof *fill);
  memcpy(fill, start, (n + 1) * sizeof *fill);
  for (size_t i = 0; i < m; i++)
    if (c->arcs.data[i].to && !ac_arc_false(&c->arcs.data[i]))
      into[fill[ac_node_index(c, c->arcs.data[i].to)]++] = i;
  VEC(size_t) todo = {0};
  for (size_t i = 0; i < m; i++) {
    const ac_arc *x = &c->arcs.data[i];
    if (ac_arc_false(x) && !c->relevant[x->from] &&
        !ac_false(c->nodes.data[x->from])) {
      c->relevant[x->from] = 1;
      VEC_PUSH(todo, x->from);
    }
  }
  while (todo.len) {
    size_t k = todo.data[--todo.len];
    for (size_t j = start[k]; j < start[k + 1]; j++) {
      size_t p = c->arcs.data[into[j]].from;
      if (c->relevant[p] || ac_false(c->nodes.data[p])) continue;
      c->relevant[p] = 1;
      VEC_PUSH(todo, p);
    }
  }
  VEC_FREE(todo);
  mem_free(start);
  mem_free(fill);
  mem_free(into);
}

static size_t ac_state(ac *c, const char *name, const cfa_node *at,
                       bool helper) {
  VEC_PUSH(c->states, name);
  unsigned id = at ? cfa_node_base(at)->id : 0;
  VEC_PUSH(c->at, id);
  VEC_PUSH(c->helper, helper);
  return c->states.len - 1;
}

/* "ARG<n>", or with k > 0 the helper name "ARG<n>M<k>" (in c's arena). */
static const char *ac_name(ac *c, unsigned long n, unsigned long k) {
  char buf[64];
  int len = k ? snprintf(buf, sizeof buf, "ARG%luM%lu", n, k)
              : snprintf(buf, sizeof buf, "ARG%lu", n);
  char *s = mem_arena_alloc(c->names, (size_t)len + 1);
  memcpy(s, buf, (size_t)len + 1);
  return s;
}

/* The name of (live) node n's state, one string however often it is
 * named. */
static const char *ac_node_name(ac *c, const pr_node *n) {
  size_t i = ac_node_index(c, n);
  if (!c->node_name[i]) c->node_name[i] = ac_name(c, n->id, 0);
  return c->node_name[i];
}

/* The name of where an arc leads; *to_node: 1 + the index of the node
 * whose state it is, 0 for a sink. */
static const char *ac_target(ac *c, const ac_arc *x, size_t *to_node) {
  *to_node = 0;
  if (ac_arc_false(x)) {
    c->used_false = true;
    ac_sink_note(c, x->from, x->e, false);
    return "__FALSE";
  }
  if (x->verified || !c->relevant[ac_node_index(c, x->to)]) {
    ac_sink_note(c, x->from, x->e, true);
    return "__TRUE";
  }
  *to_node = ac_live(c, x->to);
  return ac_node_name(c, x->to);
}

/* A transition from state src over edge e to dst, the state to_state
 * (1 + index) or of node to_node (1 + index), else a sink. */
static void ac_tr_add(ac *c, size_t src, const cfa_edge *e, const char *dst,
                      size_t to_state, size_t to_node, const char *assume) {
  const cfa_edge *o = e->orig ? e->orig : e;
  ac_tr t = {src,     c->trs.len, o->raw ? o->raw : "", dst, to_state,
             to_node, 0,          assume,                false};
  VEC_PUSH(c->trs, t);
}

#define AC_SCOPES ((void *)1) /* a text in several scopes */

/* The scope of the raw text of edge e, as a reader of the automaton
 * resolves an ASSUME (program/psi.h): the function of the node after each
 * edge with that text, anywhere in the program; AC_SCOPES when they are
 * several (or one is the global declarations'). */
static const void *ac_scope(ac *c, const cfa_edge *e) {
  if (!c->scopes_made) {
    c->scopes_made = true;
    const cfa *g = c->a->g;
    for (size_t i = 0; i < g->edges.len; i++) {
      const cfa_edge *d = g->edges.data[i];
      size_t n = d->kind == CFA_BLOCK ? d->nblock : 1;
      for (size_t k = 0; k < n; k++) {
        const cfa_edge *o = d->kind == CFA_BLOCK ? d->block[k] : d;
        o = o->orig ? o->orig : o;
        const cfa_function *f = o->to->function;
        for (int r = 0; r < 2; r++) {
          const char *t = r ? o->raw_old : o->raw;
          if (!t || (r && t == o->raw)) continue;
          const void *was = hmap_sget(&c->scopes, t);
          const void *now = !f ? AC_SCOPES
                            : !was || was == f->name ? (const void *)f->name
                                                     : AC_SCOPES;
          hmap_sput(&c->scopes, t, (void *)now);
        }
      }
    }
  }
  const cfa_edge *o = e->orig ? e->orig : e;
  return hmap_sget(&c->scopes, o->raw ? o->raw : "");
}

/* The ASSUME of a transition into the node an arc leads to (over its
 * edge e, the last of a block): what the domain's state there knows, in
 * the one function whose edges have e's text, else over the globals (in
 * c's arena); NULL when nothing. A blank edge's text is everywhere: it
 * carries none. */
static const char *ac_assume(ac *c, const ac_arc *x, const cfa_edge *e) {
  if (!c->assumptions || !x->to || x->verified || ac_false(x->to)) return 0;
  const cfa_edge *o = e->orig ? e->orig : e;
  if (!o->raw || !*o->raw) return 0;
  const void *scope = ac_scope(c, e);
  const cfa_function *fn = x->to->loc->function;
  if (scope == AC_SCOPES || !scope || !fn || strcmp(scope, fn->name))
    fn = 0;
  char *t = pr_condition(c->a, x->to, fn);
  if (!t) return 0;
  size_t n = strlen(t) + 1;
  char *s = mem_arena_alloc(c->names, n);
  memcpy(s, t, n);
  mem_free(t);
  return s;
}

/* The helper state of node n (ARG state index `self`) at the original
 * node of `at` in automaton state q, made on first use. */
static size_t ac_helper(ac *c, const pr_node *n, const cfa_node *at,
                        unsigned q, unsigned *k) {
  char key[96];
  snprintf(key, sizeof key, "%lu:%u:%u", n->id, cfa_node_base(at)->id, q);
  size_t i = (size_t)(uintptr_t)hmap_sget(&c->helpers, key);
  if (i) return i - 1;
  i = ac_state(c, ac_name(c, n->id, ++*k), at, true);
  hmap_sput(&c->helpers, key, (void *)(uintptr_t)(i + 1));
  return i;
}

/* The transitions of block arc x from state `self`: its DAG edge by edge,
 * through helper states. */
static void ac_block(ac *c, const ac_arc *x, size_t self, const char *dst,
                     size_t to_node, unsigned *k) {
  const cfa_edge *b = x->e;
  const pr_node *n = c->nodes.data[x->from];
  const cfa_node *src = cfa_block_source(b), *end = cfa_block_target(b);
  for (size_t i = 0; i < b->nblock; i++) {
    const cfa_edge *d = b->block[i];
    const pb_step *ps = c->pb ? pb_inner(c->pb, d) : 0;
    unsigned qin = ps ? (ps->s.neps ? ps->s.eps_from : ps->q) : 0;
    unsigned qout = ps ? ps->s.target : 0;
    size_t from = d->from == src ? self : ac_helper(c, n, d->from, qin, k);
    const char *to = dst;
    size_t hs = 0;
    if (d->to != end) { /* (the helper may grow c->states) */
      size_t h = ac_helper(c, n, d->to, qout, k);
      to = c->states.data[h];
      hs = h + 1;
    }
    ac_tr_add(c, from, d, to, hs, hs ? 0 : to_node,
              d->to == end ? ac_assume(c, x, d) : 0);
  }
}

/* The states and transitions of the relevant nodes, in order of creation;
 * an unexpanded root stands for nothing verified. */
static void ac_emit(ac *c) {
  size_t a = 0;
  for (size_t i = 0; i < c->nodes.len; i++) {
    const pr_node *n = c->nodes.data[i];
    while (a < c->arcs.len && c->arcs.data[a].from < i) a++;
    bool root_false = !n->parent && ac_false(n);
    if (!c->relevant[i] && !root_false) continue;
    size_t self = ac_state(c, ac_node_name(c, n), n->loc, false);
    c->node_state[i] = self + 1;
    if (root_false) continue; /* only its catch-all, into __FALSE */
    unsigned k = 0;
    for (; a < c->arcs.len && c->arcs.data[a].from == i; a++) {
      const ac_arc *x = &c->arcs.data[a];
      size_t to_node;
      const char *dst = ac_target(c, x, &to_node);
      if (x->e->kind == CFA_BLOCK)
        ac_block(c, x, self, dst, to_node, &k);
      else
        ac_tr_add(c, self, x->e, dst, 0, to_node, ac_assume(c, x, x->e));
    }
  }
}

static int ac_tr_cmp(const void *x, const void *y) {
  const ac_tr *a = x, *b = y;
  if (a->src != b->src) return a->src < b->src ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Transitions [i, j) of one state: the first of each text decides
 * (USEFIRST), and a text that leads to two targets leads to __FALSE. */
static void ac_resolve(ac *c, ac_tr *t, size_t i, size_t j) {
  for (size_t k = i; k < j; k++) {
    bool clash = false;
    for (size_t m = i; m < k && !t[k].dup; m++)
      t[k].dup = !strcmp(t[m].text, t[k].text);
    if (t[k].dup) continue;
    for (size_t m = k + 1; m < j && !clash; m++)
      clash = !strcmp(t[m].text, t[k].text) && strcmp(t[m].dst, t[k].dst);
    if (clash) {
      t[k].dst = "__FALSE";
      c->f.conflicts++;
    }
    if (!strcmp(t[k].dst, "__FALSE")) {
      t[k].assume = 0;
      c->used_false = true;
    }
  }
}

/* The state a transition leads to (FOLD_TRUE, FOLD_FALSE), or
 * AC_UNNAMED for a name that is no state's. */
#define AC_UNNAMED ((size_t)-3)
static size_t ac_dst_index(const ac *c, const ac_tr *t) {
  if (!strcmp(t->dst, "__TRUE")) return FOLD_TRUE;
  if (!strcmp(t->dst, "__FALSE")) return FOLD_FALSE;
  if (t->to_state) return t->to_state - 1;
  size_t i = t->to_node ? c->node_state[t->to_node - 1] : 0;
  return i ? i - 1 : AC_UNNAMED;
}

/* rep[s]: the first state equal to s (analysis/fold.h), whose name the
 * automaton writes for both; NULL (nothing folded) when a target is no
 * state's, which the emission above never makes. Each transition's target
 * index (dsti) is resolved here. */
static size_t *ac_fold(ac *c, bool root_false) {
  size_t n = c->states.len;
  fold_tr *t = mem_alloc((c->trs.len + 1) * sizeof *t);
  size_t m = 0;
  for (size_t k = 0; k < c->trs.len; k++) {
    ac_tr *x = &c->trs.data[k];
    if (x->dup) continue;
    x->dsti = ac_dst_index(c, x);
    fold_tr y = {x->src, x->text, x->assume, x->dsti};
    if (y.dst == AC_UNNAMED) {
      mem_free(t);
      return 0;
    }
    t[m++] = y;
  }
  bool *cf = mem_calloc(n + 1, sizeof *cf);
  cf[0] = root_false;
  size_t *rep = fold_states(n, t, m, cf);
  if (!fold_check(n, t, m, cf, rep)) { /* a bug: written as it is */
    mem_free(rep);
    rep = 0;
    c->f.fold_refused = true;
  }
  mem_free(cf);
  mem_free(t);
  return rep;
}

/* The name written for t's target: its state's representative (rep, from
 * ac_fold; NULL: nothing folded, the name as emitted). */
static const char *ac_dst_name(const ac *c, const size_t *rep,
                               const ac_tr *t) {
  return rep && t->dsti < c->states.len ? c->states.data[rep[t->dsti]]
                                        : t->dst;
}

static int ac_build_state(ac *c, aa_builder *b, size_t s, const ac_tr *t,
                          size_t i, size_t j, bool root_false,
                          const size_t *rep, char **err) {
  if (aa_builder_state(b, c->states.data[s], AA_MODE_USEFIRST, AA_STYPE_NONE,
                       0, err))
    return -1;
  if (c->helper.data[s])
    c->f.helpers++;
  else
    c->f.states++;
  for (size_t k = i; k < j; k++) {
    if (t[k].dup) continue;
    aa_transition_src tr = {.source = c->states.data[s], .match = t[k].text,
                            .assume = t[k].assume,
                            .target = ac_dst_name(c, rep, &t[k])};
    c->f.transitions++;
    c->f.to_false += !strcmp(t[k].dst, "__FALSE");
    if (aa_builder_transition(b, &tr, 0, err)) return -1;
  }
  aa_transition_src all = {.source = c->states.data[s], .catchall = true,
                           .target = root_false ? "__FALSE" : "__TRUE"};
  return aa_builder_transition(b, &all, 0, err);
}

/* The header and the sinks (CPAchecker's form: __FALSE only when
 * something leads there),
 * then the states in order, each once for the states equal to it (rep,
 * may be NULL: none folded). */
static int ac_build_states(ac *c, aa_builder *b, bool root_false,
                           const size_t *rep, char **err) {
  if (aa_builder_collector(b, c->used_false, err)) return -1;
  size_t i = 0;
  for (size_t s = 0; s < c->states.len; s++) {
    size_t j = i;
    while (j < c->trs.len && c->trs.data[j].src == s) j++;
    if (rep && rep[s] != s)
      c->f.folded++;
    else if (ac_build_state(c, b, s, c->trs.data, i, j, root_false && s == 0,
                            rep, err))
      return -1;
    i = j;
  }
  return 0;
}

static aa_automaton *ac_build(ac *c, char **err) {
  if (c->trs.len) /* none: data is NULL */
    qsort(c->trs.data, c->trs.len, sizeof *c->trs.data, ac_tr_cmp);
  for (size_t i = 0, j; i < c->trs.len; i = j) {
    for (j = i; j < c->trs.len && c->trs.data[j].src == c->trs.data[i].src;)
      j++;
    ac_resolve(c, c->trs.data, i, j);
  }
  const pr_node *root = c->a->root;
  bool root_false = root && ac_false(root);
  if (root_false) c->used_false = true;
  size_t *rep = ac_fold(c, root_false);
  aa_builder *b = aa_builder_new("(erep verify)");
  if (ac_build_states(c, b, root_false, rep, err)) {
    aa_builder_free(b);
    mem_free(rep);
    return 0;
  }
  mem_free(rep);
  const char *initial = "__TRUE";
  if (root && (root_false || c->relevant[ac_node_index(c, root)]))
    initial = c->states.data[0]; /* (its own representative: the first) */
  c->initial = initial;
  return aa_builder_finish(b, initial, 0, err);
}

/* One transition of the automaton by location: MATCH `text` from the
 * states at one location, over all of them. */
typedef struct {
  unsigned loc, to_loc;
  const char *text;
  size_t count;          /* members with a transition on text */
  bool any_false, any_state, clash;
} ac_mtr;

static const char *ac_loc_name(ac *c, unsigned loc) {
  char buf[32];
  int len = snprintf(buf, sizeof buf, "L%u", loc);
  char *s = mem_arena_alloc(c->names, (size_t)len + 1);
  memcpy(s, buf, (size_t)len + 1);
  return s;
}

/* The automaton merged by location, for a condition: one state per CFA
 * location, which cuts an edge (__TRUE) only where every state of the
 * automaton at that location cuts it, and is __FALSE after an edge where
 * one of them goes to __FALSE (or they part). A path of the program is in
 * one of the states at its location, so it is cut only where that state
 * cuts it: the merged automaton cuts less, never more, and a later run on
 * it searches a superset of what the automaton left; in exchange it has
 * no more states than the program has locations, so the later run's
 * abstraction is not split by the earlier run's unrolling. NULL when the
 * automaton is not made of ARG states (nothing to merge) or on failure. */
static aa_automaton *ac_merge(ac *c, const char *initial, char **err) {
  hmap byname = {0}, members = {0}, keys = {0};
  VEC(ac_mtr) m = {0};
  VEC(unsigned) locs = {0};
  for (size_t s = 0; s < c->states.len; s++) {
    hmap_sput(&byname, c->states.data[s], (void *)(uintptr_t)(s + 1));
    uint64_t k = (uint64_t)c->at.data[s] + 1;
    size_t n = (size_t)(uintptr_t)hmap_get(&members, k);
    if (!n) VEC_PUSH(locs, c->at.data[s]);
    hmap_put(&members, k, (void *)(uintptr_t)(n + 1));
  }
  for (size_t i = 0; i < c->trs.len; i++) {
    const ac_tr *t = &c->trs.data[i];
    if (t->dup) continue;
    unsigned loc = c->at.data[t->src];
    char key[64];
    snprintf(key, sizeof key, "%u:", loc);
    char *kk = mem_printf("%s%s", key, t->text);
    size_t j = (size_t)(uintptr_t)hmap_sget(&keys, kk);
    if (!j) {
      ac_mtr x = {loc, 0, t->text, 0, false, false, false};
      VEC_PUSH(m, x);
      j = m.len;
      hmap_sput(&keys, kk, (void *)(uintptr_t)j);
    }
    mem_free(kk);
    ac_mtr *x = &m.data[j - 1];
    x->count++;
    if (!strcmp(t->dst, "__FALSE"))
      x->any_false = true;
    else if (strcmp(t->dst, "__TRUE")) {
      size_t d = (size_t)(uintptr_t)hmap_sget(&byname, t->dst);
      unsigned to = d ? c->at.data[d - 1] : 0;
      if (!d || (x->any_state && x->to_loc != to)) x->clash = true;
      x->any_state = true;
      x->to_loc = to;
    }
  }
  aa_builder *b = aa_builder_new("(erep verify)");
  int rc = aa_builder_collector(b, true, err);
  for (size_t l = 0; l < locs.len && !rc; l++) {
    const char *name = ac_loc_name(c, locs.data[l]);
    size_t nmem = (size_t)(uintptr_t)hmap_get(&members,
                                               (uint64_t)locs.data[l] + 1);
    rc = aa_builder_state(b, name, AA_MODE_USEFIRST, AA_STYPE_NONE, 0, err);
    for (size_t i = 0; i < m.len && !rc; i++) {
      const ac_mtr *x = &m.data[i];
      if (x->loc != locs.data[l]) continue;
      const char *dst = x->any_false || x->clash ? "__FALSE"
                        : x->any_state          ? ac_loc_name(c, x->to_loc)
                        : x->count == nmem      ? "__TRUE"
                                                : 0;
      if (!dst) continue; /* every state cuts it: the catch-all */
      aa_transition_src tr = {.source = name, .match = x->text, .target = dst};
      rc = aa_builder_transition(b, &tr, 0, err);
    }
    aa_transition_src all = {.source = name, .catchall = true,
                             .target = "__TRUE"};
    rc = rc || aa_builder_transition(b, &all, 0, err);
  }
  aa_automaton *A = 0;
  size_t init = (size_t)(uintptr_t)hmap_sget(&byname, initial);
  if (rc)
    aa_builder_free(b);
  else
    A = aa_builder_finish(
        b, init ? ac_loc_name(c, c->at.data[init - 1]) : initial, 0, err);
  hmap_free(&byname);
  hmap_free(&members);
  hmap_free(&keys);
  VEC_FREE(m);
  VEC_FREE(locs);
  return A;
}

aa_automaton *ac_collect(const pr_arg *a, const pb_cache *pb,
                         bool assumptions, ac_figures *f, ac_exec *exec,
                         aa_automaton **by_location, char **err) {
  ac C = {0}, *c = &C;
  c->a = a;
  c->assumptions = assumptions;
  c->pb = pb;
  c->exec = exec;
  ac_sinks *sinks = exec ? &exec->sinks : 0;
  c->sinks = sinks;
  c->names = mem_arena_new();
  ac_nodes(c);
  ac_arcs(c);
  ac_relevance(c);
  ac_covered(c);
  ac_emit(c);
  VEC_FREE(c->arcs); /* (all in the transitions now: room for ac_fold) */
  const pr_node *root = a->root;
  if (sinks && root && (ac_false(root) || !c->relevant[0])) {
    /* the automaton starts in a sink */
    ac_sink k = {0, 0, !ac_false(root), true};
    VEC_PUSH(*sinks, k);
  }
  aa_automaton *A = ac_build(c, err);
  if (by_location) {
    *by_location = 0;
    bool root_false = a->root && ac_false(a->root);
    if (A && !root_false) {
      char *e2 = 0;
      *by_location = ac_merge(c, c->initial, &e2);
      mem_free(e2); /* none: the condition is then the automaton itself */
    }
  }
  if (f) *f = c->f;
  VEC_FREE(c->nodes);
  mem_free(c->index);
  VEC_FREE(c->arcs);
  mem_free(c->relevant);
  mem_free(c->covered);
  hmap_free(&c->scopes);
  mem_arena_free(c->names);
  VEC_FREE(c->states);
  VEC_FREE(c->at);
  VEC_FREE(c->helper);
  mem_free(c->node_state);
  mem_free(c->node_name);
  VEC_FREE(c->trs);
  hmap_free(&c->helpers);
  return A;
}

aa_automaton *ac_nothing(char **err) {
  ac C = {0}, *c = &C;
  c->names = mem_arena_new();
  ac_state(c, "ARG0", 0, false);
  c->used_false = true;
  aa_builder *b = aa_builder_new("(erep verify)");
  aa_automaton *A = 0;
  if (ac_build_states(c, b, true, 0, err))
    aa_builder_free(b);
  else
    A = aa_builder_finish(b, "ARG0", 0, err);
  mem_arena_free(c->names);
  VEC_FREE(c->states);
  VEC_FREE(c->at);
  VEC_FREE(c->helper);
  return A;
}
