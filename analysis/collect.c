#include "collect.h"

#include "lib/hmap.h"
#include "lib/mem.h"

#include <stdlib.h>
#include <string.h>

/* An arc of the ARG: a successor of node `from` over edge e (of the
 * searched CFA): the node `to`, or a cut (to NULL). */
typedef struct {
  size_t from;
  const cfa_edge *e;
  const pr_node *to;
} ac_arc;

/* A transition to write: from state `src` (index into the states) on the
 * raw statement `text` to the state named `dst`. */
typedef struct {
  size_t src, seq;
  const char *text;
  const char *dst;
  bool dup; /* an earlier one of its state has the same text */
} ac_tr;

typedef struct {
  const pr_arg *a;
  const pb_cache *pb;
  VEC(const pr_node *) nodes; /* live nodes, ascending id */
  hmap index;                 /* node id + 1 -> 1 + index in nodes */
  VEC(ac_arc) arcs;
  unsigned char *relevant; /* by node index */
  /* the output */
  mem_arena *names;          /* state names */
  VEC(const char *) states;  /* names, in the order they are written */
  VEC(ac_tr) trs;
  hmap helpers;              /* "n:node:q" -> 1 + state index */
  ac_figures f;
  bool used_false;
} ac;

static size_t ac_node_index(const ac *c, const pr_node *n) {
  return (size_t)(uintptr_t)hmap_get(&c->index, (uint64_t)n->id + 1) - 1;
}

static int ac_node_cmp(const void *x, const void *y) {
  unsigned long a = (*(const pr_node *const *)x)->id,
                b = (*(const pr_node *const *)y)->id;
  return a < b ? -1 : a > b;
}

/* The live nodes (the tree from the root, without what a lazy refinement
 * cut away), in order of creation. */
static void ac_nodes(ac *c) {
  VEC(const pr_node *) todo = {0};
  if (c->a->root) VEC_PUSH(todo, c->a->root);
  while (todo.len) {
    const pr_node *n = todo.data[--todo.len];
    if (n->removed) continue;
    VEC_PUSH(c->nodes, n);
    for (const pr_node *k = n->child; k; k = k->sibling)
      VEC_PUSH(todo, k);
  }
  VEC_FREE(todo);
  qsort(c->nodes.data, c->nodes.len, sizeof *c->nodes.data, ac_node_cmp);
  for (size_t i = 0; i < c->nodes.len; i++)
    hmap_put(&c->index, (uint64_t)c->nodes.data[i]->id + 1,
             (void *)(uintptr_t)(i + 1));
}

static void ac_arc_add(ac *c, const pr_node *from, const cfa_edge *e,
                       const pr_node *to) {
  if (from->removed || (to && to->removed)) return; /* a lazy cut's */
  ac_arc x = {ac_node_index(c, from), e, to};
  VEC_PUSH(c->arcs, x);
}

static int ac_arc_cmp(const void *x, const void *y) {
  const ac_arc *a = x, *b = y;
  if (a->from != b->from) return a->from < b->from ? -1 : 1;
  if (a->e->id != b->e->id) return a->e->id < b->e->id ? -1 : 1;
  unsigned long ia = a->to ? a->to->id + 1 : 0, ib = b->to ? b->to->id + 1 : 0;
  return ia < ib ? -1 : ia > ib;
}

/* Children, covers and cuts; with a sound cover (pr_options.sound_cover)
 * the covered successors still pending under their cover. */
static void ac_arcs(ac *c) {
  for (size_t i = 0; i < c->nodes.len; i++) {
    const pr_node *n = c->nodes.data[i];
    if (n->parent) ac_arc_add(c, n->parent, n->edge, n);
    for (const pr_node *p = n->pending; p; p = p->next_pending)
      ac_arc_add(c, p->parent, p->edge, n);
  }
  for (size_t i = 0; i < c->a->links.len; i++) {
    const pr_link *l = &c->a->links.data[i];
    ac_arc_add(c, l->from, l->e, l->to);
  }
  qsort(c->arcs.data, c->arcs.len, sizeof *c->arcs.data, ac_arc_cmp);
}

/* Territory never verified: an error location, or a node whose successors
 * were not all made. */
static bool ac_false(const pr_node *n) {
  return n->loc->is_error || !n->expanded;
}

static bool ac_arc_false(const ac_arc *x) { return !x->to || ac_false(x->to); }

/* The nodes from which unverified territory is reachable: backwards from
 * the arcs into it, over the arcs in reverse. */
static void ac_relevance(ac *c) {
  size_t n = c->nodes.len, m = c->arcs.len;
  c->relevant = mem_calloc(n + 1, 1);
  size_t *start = mem_calloc(n + 2, sizeof *start), *into = 0;
  if (m) into = mem_alloc(m * sizeof *into);
  for (size_t i = 0; i < m; i++)
    if (!ac_arc_false(&c->arcs.data[i]))
      start[ac_node_index(c, c->arcs.data[i].to) + 1]++;
  for (size_t i = 0; i < n; i++) start[i + 1] += start[i];
  size_t *fill = mem_alloc((n + 1) * sizeof *fill);
  memcpy(fill, start, (n + 1) * sizeof *fill);
  for (size_t i = 0; i < m; i++)
    if (!ac_arc_false(&c->arcs.data[i]))
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

static size_t ac_state(ac *c, const char *name) {
  VEC_PUSH(c->states, name);
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

/* The name of where an arc leads. */
static const char *ac_target(ac *c, const ac_arc *x) {
  if (ac_arc_false(x)) {
    c->used_false = true;
    return "__FALSE";
  }
  if (!c->relevant[ac_node_index(c, x->to)]) return "__TRUE";
  return ac_name(c, x->to->id, 0);
}

static void ac_tr_add(ac *c, size_t src, const cfa_edge *e, const char *dst) {
  const cfa_edge *o = e->orig ? e->orig : e;
  ac_tr t = {src, c->trs.len, o->raw ? o->raw : "", dst, false};
  VEC_PUSH(c->trs, t);
}

/* The helper state of node n (ARG state index `self`) at the original
 * node of `at` in automaton state q, made on first use. */
static size_t ac_helper(ac *c, const pr_node *n, const cfa_node *at,
                        unsigned q, unsigned *k) {
  char key[96];
  snprintf(key, sizeof key, "%lu:%u:%u", n->id, cfa_node_base(at)->id, q);
  size_t i = (size_t)(uintptr_t)hmap_sget(&c->helpers, key);
  if (i) return i - 1;
  i = ac_state(c, ac_name(c, n->id, ++*k));
  c->f.helpers++;
  hmap_sput(&c->helpers, key, (void *)(uintptr_t)(i + 1));
  return i;
}

/* The transitions of block arc x from state `self`: its DAG edge by edge,
 * through helper states. */
static void ac_block(ac *c, const ac_arc *x, size_t self, const char *dst,
                     unsigned *k) {
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
    if (d->to != end) { /* (the helper may grow c->states) */
      size_t h = ac_helper(c, n, d->to, qout, k);
      to = c->states.data[h];
    }
    ac_tr_add(c, from, d, to);
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
    size_t self = ac_state(c, ac_name(c, n->id, 0));
    c->f.states++;
    if (root_false) continue; /* only its catch-all, into __FALSE */
    unsigned k = 0;
    for (; a < c->arcs.len && c->arcs.data[a].from == i; a++) {
      const ac_arc *x = &c->arcs.data[a];
      const char *dst = ac_target(c, x);
      if (x->e->kind == CFA_BLOCK)
        ac_block(c, x, self, dst, &k);
      else
        ac_tr_add(c, self, x->e, dst);
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
    c->f.transitions++;
    if (!strcmp(t[k].dst, "__FALSE")) {
      c->f.to_false++;
      c->used_false = true;
    }
  }
}

static int ac_build_state(ac *c, aa_builder *b, size_t s, const ac_tr *t,
                          size_t i, size_t j, bool root_false, char **err) {
  if (aa_builder_state(b, c->states.data[s], AA_MODE_USEFIRST, AA_STYPE_NONE,
                       0, err))
    return -1;
  for (size_t k = i; k < j; k++) {
    if (t[k].dup) continue;
    aa_transition_src tr = {.source = c->states.data[s], .match = t[k].text,
                            .target = t[k].dst};
    if (aa_builder_transition(b, &tr, 0, err)) return -1;
  }
  aa_transition_src all = {.source = c->states.data[s], .catchall = true,
                           .target = root_false ? "__FALSE" : "__TRUE"};
  return aa_builder_transition(b, &all, 0, err);
}

/* The sinks (CPAchecker's form: __FALSE only when something leads there),
 * then the states in order. */
static int ac_build_states(ac *c, aa_builder *b, bool root_false,
                           char **err) {
  aa_transition_src t_true = {.source = "__TRUE", .catchall = true,
                              .target = "__TRUE"};
  aa_transition_src t_false = {.source = "__FALSE", .catchall = true,
                               .assume = "false", .target = "__FALSE"};
  if (aa_builder_state(b, "__TRUE", AA_MODE_DEFAULT, AA_STYPE_NONE, 0, err) ||
      aa_builder_transition(b, &t_true, 0, err))
    return -1;
  if (c->used_false &&
      (aa_builder_state(b, "__FALSE", AA_MODE_DEFAULT, AA_STYPE_NONE, 0,
                        err) ||
       aa_builder_transition(b, &t_false, 0, err)))
    return -1;
  size_t i = 0;
  for (size_t s = 0; s < c->states.len; s++) {
    size_t j = i;
    while (j < c->trs.len && c->trs.data[j].src == s) j++;
    if (ac_build_state(c, b, s, c->trs.data, i, j, root_false && s == 0, err))
      return -1;
    i = j;
  }
  return 0;
}

static aa_automaton *ac_build(ac *c, char **err) {
  qsort(c->trs.data, c->trs.len, sizeof *c->trs.data, ac_tr_cmp);
  for (size_t i = 0, j; i < c->trs.len; i = j) {
    for (j = i; j < c->trs.len && c->trs.data[j].src == c->trs.data[i].src;)
      j++;
    ac_resolve(c, c->trs.data, i, j);
  }
  const pr_node *root = c->a->root;
  bool root_false = root && ac_false(root);
  if (root_false) c->used_false = true;
  aa_builder *b = aa_builder_new("(erep verify)");
  if (aa_builder_header(b, "AssumptionAutomaton", AA_KIND_OBSERVER, 0, err) ||
      ac_build_states(c, b, root_false, err)) {
    aa_builder_free(b);
    return 0;
  }
  const char *initial = "__TRUE";
  if (root && (root_false || c->relevant[ac_node_index(c, root)]))
    initial = c->states.data[0];
  return aa_builder_finish(b, initial, 0, err);
}

aa_automaton *ac_collect(const pr_arg *a, const pb_cache *pb, ac_figures *f,
                         char **err) {
  ac C = {0}, *c = &C;
  c->a = a;
  c->pb = pb;
  c->names = mem_arena_new();
  ac_nodes(c);
  ac_arcs(c);
  ac_relevance(c);
  ac_emit(c);
  aa_automaton *A = ac_build(c, err);
  if (f) *f = c->f;
  VEC_FREE(c->nodes);
  hmap_free(&c->index);
  VEC_FREE(c->arcs);
  mem_free(c->relevant);
  mem_arena_free(c->names);
  VEC_FREE(c->states);
  VEC_FREE(c->trs);
  hmap_free(&c->helpers);
  return A;
}

aa_automaton *ac_nothing(char **err) {
  ac C = {0}, *c = &C;
  c->names = mem_arena_new();
  ac_state(c, "ARG0");
  c->used_false = true;
  aa_builder *b = aa_builder_new("(erep verify)");
  aa_automaton *A = 0;
  if (aa_builder_header(b, "AssumptionAutomaton", AA_KIND_OBSERVER, 0, err) ||
      ac_build_states(c, b, true, err))
    aa_builder_free(b);
  else
    A = aa_builder_finish(b, "ARG0", 0, err);
  mem_arena_free(c->names);
  VEC_FREE(c->states);
  return A;
}
