/* lbe: CFA summarisation by rules 0-2 of large-block encoding (see lbe.h).
 *
 * The rules run on summary edges whose meaning is a tree of original edges
 * (';' sequence, '|' choice; shared subtrees, since rule 1 prepends one
 * edge to several). A finished block is the set of its tree's leaves: with
 * every removed node having had one incoming edge when it went, the paths
 * of that set from source to target are exactly the tree's. */
#include "lbe.h"

#include "lib/esc.h"
#include "lib/mem.h"

#include <stdlib.h>
#include <string.h>

typedef struct lbe_tree {
  char k; /* 'e': the original edge e; ';': a then b; '|': a or b */
  const cfa_edge *e;
  struct lbe_tree *a, *b;
  unsigned mark; /* collection pass that saw it last */
} lbe_tree;

typedef struct {
  unsigned from, to; /* node ids (of g) */
  lbe_tree *t;
  bool dead;
  bool atomic; /* an original edge that never joins a block */
} lbe_se;

typedef VEC(size_t) lbe_ids;
typedef VEC(const cfa_node *) lbe_nodes;

typedef struct {
  const cfa *g;
  mem_arena *tmp; /* trees */
  VEC(lbe_se) se;
  lbe_ids *in, *out; /* per node: summary edges, dead ones among them */
  bool *live;        /* reached after rule 0 */
  bool *kept;        /* never removed by rule 1 */
  bool *backedge;    /* target of a back edge (loop head or goto loop) */
  bool *removed;     /* removed by rule 1 */
  VEC(unsigned) work;
  bool *queued;
} lbe;

/* Edges that stay single edges with kept ends: calls and returns, what is
 * not modelled, and declarations whose encoding is not guarded (smte: the
 * once-only initialisation of static locals, the zeroing of aggregates). */
static bool lbe_atomic(const cfa_edge *e) {
  if (e->kind == CFA_CALL || e->kind == CFA_RETURN) return true;
  if (e->unsupported || e->unsupported_flow) return true;
  if (e->kind == CFA_DECLARATION && e->decl == CFA_DECL_VAR && e->var) {
    const cfa_var *v = e->var;
    if (v->is_static && !v->is_global) return true;
    const ty *t = v->type;
    if (e->expr && t &&
        (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY))
      return true;
  }
  return false;
}

/* Whether the edges leaving n are exclusive: one edge, or the two branches
 * of one condition. */
static bool lbe_choice_safe(const cfa_node *n) {
  if (n->nout <= 1) return true;
  if (n->nout != 2) return false;
  const cfa_edge *a = n->out, *b = a->next_out;
  return a->kind == CFA_ASSUME && b->kind == CFA_ASSUME && a->expr &&
         a->expr == b->expr && a->truth != b->truth;
}

static lbe_tree *lbe_tree_new(lbe *L, char k, const cfa_edge *e, lbe_tree *a,
                              lbe_tree *b) {
  lbe_tree *t = mem_arena_alloc(L->tmp, sizeof *t);
  t->k = k;
  t->e = e;
  t->a = a;
  t->b = b;
  return t;
}

static void lbe_add(lbe *L, unsigned from, unsigned to, lbe_tree *t,
                    bool atomic) {
  lbe_se s = {from, to, t, false, atomic};
  VEC_PUSH(L->se, s);
  VEC_PUSH(L->out[from], L->se.len - 1);
  VEC_PUSH(L->in[to], L->se.len - 1);
}

static void lbe_push(lbe *L, unsigned n) {
  if (L->queued[n] || L->removed[n]) return;
  L->queued[n] = true;
  VEC_PUSH(L->work, n);
}

/* Drop the dead summary edges from a list. */
static void lbe_compact(lbe *L, lbe_ids *v) {
  size_t k = 0;
  for (size_t i = 0; i < v->len; i++)
    if (!L->se.data[v->data[i]].dead) v->data[k++] = v->data[i];
  v->len = k;
}

/* Whether n is a node of g: a function whose exit no path reaches (it
 * never returns) keeps a pointer to its exit node, which the front end
 * dropped from g. */
static bool lbe_in(const cfa *g, const cfa_node *n) {
  return n && n->id < g->nodes.len && g->nodes.data[n->id] == n;
}

/* Successors of n within its function: a call edge leads to the nodes its
 * returns go to. */
static void lbe_intra_succ(const cfa *g, const cfa_node *n, lbe_nodes *out) {
  out->len = 0;
  for (const cfa_edge *e = n->out; e; e = e->next_out) {
    if (e->kind == CFA_RETURN) continue;
    if (e->kind != CFA_CALL) {
      VEC_PUSH(*out, e->to);
      continue;
    }
    const cfa_node *x = e->callee ? e->callee->exit : 0;
    if (!lbe_in(g, x)) continue;
    for (const cfa_edge *r = x->out; r; r = r->next_out)
      if (r->kind == CFA_RETURN && r->call == e) VEC_PUSH(*out, r->to);
  }
}

/* Mark the targets of back edges of a depth-first search from every root
 * (the start and the function entries), within functions. */
static void lbe_back_edges(lbe *L) {
  const cfa *g = L->g;
  size_t nn = g->nodes.len;
  unsigned char *color = mem_calloc(nn + 1, 1); /* 1 on the stack, 2 done */
  typedef struct {
    const cfa_node *n;
    size_t next; /* index of the next successor to visit */
    size_t base; /* its successors in succ[base ..] */
    size_t count;
  } frame;
  VEC(frame) st = {0};
  lbe_nodes succ = {0}, tmp = {0};
  size_t nroots = g->functions.len + 1;
  for (size_t r = 0; r < nroots; r++) {
    const cfa_node *root = r ? g->functions.data[r - 1]->entry : g->start;
    if (!root || color[root->id]) continue;
    lbe_intra_succ(g, root, &tmp);
    frame f0 = {root, 0, succ.len, tmp.len};
    for (size_t i = 0; i < tmp.len; i++)
      VEC_PUSH(succ, tmp.data[i]);
    VEC_PUSH(st, f0);
    color[root->id] = 1;
    while (st.len) {
      frame *f = &st.data[st.len - 1];
      if (f->next == f->count) {
        color[f->n->id] = 2;
        succ.len = f->base;
        st.len--;
        continue;
      }
      const cfa_node *m = succ.data[f->base + f->next++];
      if (color[m->id] == 1) {
        L->backedge[m->id] = true;
        continue;
      }
      if (color[m->id]) continue;
      color[m->id] = 1;
      lbe_intra_succ(g, m, &tmp);
      frame f1 = {m, 0, succ.len, tmp.len};
      for (size_t i = 0; i < tmp.len; i++)
        VEC_PUSH(succ, tmp.data[i]);
      VEC_PUSH(st, f1);
    }
  }
  VEC_FREE(st);
  VEC_FREE(succ);
  VEC_FREE(tmp);
  mem_free(color);
}

/* Nodes reached from the start and the function entries when error
 * locations have no successors (rule 0). */
static void lbe_reach(lbe *L) {
  const cfa *g = L->g;
  VEC(const cfa_node *) st = {0};
  VEC_PUSH(st, g->start);
  for (size_t i = 0; i < g->functions.len; i++)
    if (g->functions.data[i]->entry) VEC_PUSH(st, g->functions.data[i]->entry);
  while (st.len) {
    const cfa_node *n = st.data[--st.len];
    if (L->live[n->id]) continue;
    L->live[n->id] = true;
    if (n->is_error) continue;
    for (const cfa_edge *e = n->out; e; e = e->next_out)
      VEC_PUSH(st, e->to);
  }
  VEC_FREE(st);
}

/* Rule 2 at n: parallel summary edges leaving n become one. */
static void lbe_rule2(lbe *L, unsigned n) {
  if (!lbe_choice_safe(L->g->nodes.data[n])) return;
  lbe_ids *o = &L->out[n];
  lbe_compact(L, o);
  for (size_t i = 0; i < o->len; i++) {
    lbe_se *a = &L->se.data[o->data[i]];
    if (a->dead || a->atomic) continue;
    for (size_t j = i + 1; j < o->len; j++) {
      lbe_se *b = &L->se.data[o->data[j]];
      if (b->dead || b->atomic || b->to != a->to) continue;
      a->t = lbe_tree_new(L, '|', 0, a->t, b->t);
      b->dead = true;
      lbe_push(L, a->to);
    }
  }
  lbe_compact(L, o);
}

/* Rule 1 at n: a node with one incoming edge (from elsewhere) goes, the
 * edge prepended to each outgoing one. */
static void lbe_rule1(lbe *L, unsigned n) {
  if (L->kept[n]) return;
  lbe_ids *in = &L->in[n];
  lbe_compact(L, in);
  if (in->len != 1) return;
  size_t ii = in->data[0];
  lbe_se s = L->se.data[ii];
  if (s.from == n || s.atomic) return;
  lbe_ids *o = &L->out[n];
  lbe_compact(L, o);
  for (size_t i = 0; i < o->len; i++)
    if (L->se.data[o->data[i]].atomic || L->se.data[o->data[i]].to == n) return;
  L->se.data[ii].dead = true;
  size_t nout = o->len;
  size_t *outs = mem_alloc((nout + 1) * sizeof *outs);
  memcpy(outs, o->data, nout * sizeof *outs);
  for (size_t i = 0; i < nout; i++) {
    lbe_se x = L->se.data[outs[i]];
    L->se.data[outs[i]].dead = true;
    lbe_add(L, s.from, x.to, lbe_tree_new(L, ';', 0, s.t, x.t), false);
    lbe_push(L, x.to);
  }
  mem_free(outs);
  L->removed[n] = true;
  L->in[n].len = L->out[n].len = 0;
  lbe_push(L, s.from);
}

/* ---------- building the summarised CFA ---------- */

typedef struct {
  lbe *L;
  cfa *h;
  cfa_node **nmap;      /* by g's node id */
  cfa_edge **emap;      /* by g's edge id: the copy */
  cfa_function **fmap;  /* by g's function index */
  unsigned gen, *stamp; /* by g's edge id: in the block being built */
  unsigned *indeg;      /* by g's node id */
  VEC(const cfa_edge *) S /* the block's edges */, ord;
  VEC(lbe_tree *) stack;
  VEC(const cfa_node *) queue;
} lbe_build;

static cfa_function *lbe_fn(lbe_build *B, const cfa_function *f) {
  if (!f) return 0;
  const cfa *g = B->L->g;
  if (f->id < g->functions.len && g->functions.data[f->id] == f)
    return B->fmap[f->id];
  for (size_t i = 0; i < g->functions.len; i++)
    if (g->functions.data[i] == f) return B->fmap[i];
  return 0;
}

/* The edges of tree t, in a topological order of their sources, into
 * B->ord; false when they are not a DAG from `from`. */
static bool lbe_order(lbe_build *B, lbe_tree *t, const cfa_node *from,
                      const cfa_node *to) {
  unsigned gen = ++B->gen;
  B->S.len = B->ord.len = B->stack.len = B->queue.len = 0;
  VEC_PUSH(B->stack, t);
  while (B->stack.len) {
    lbe_tree *x = B->stack.data[--B->stack.len];
    if (x->mark == gen) continue;
    x->mark = gen;
    if (x->k == 'e') {
      if (B->stamp[x->e->id] != gen) VEC_PUSH(B->S, x->e);
      B->stamp[x->e->id] = gen;
    } else {
      VEC_PUSH(B->stack, x->b);
      VEC_PUSH(B->stack, x->a);
    }
  }
  for (size_t i = 0; i < B->S.len; i++)
    B->indeg[B->S.data[i]->to->id] = 0;
  for (size_t i = 0; i < B->S.len; i++)
    if (B->S.data[i]->to != from) B->indeg[B->S.data[i]->to->id]++;
  VEC_PUSH(B->queue, from);
  for (size_t q = 0; q < B->queue.len; q++) {
    const cfa_node *n = B->queue.data[q];
    for (const cfa_edge *e = n->out; e; e = e->next_out) {
      if (B->stamp[e->id] != gen) continue;
      VEC_PUSH(B->ord, e);
      if (e->to == from || e->to == to) continue;
      if (!--B->indeg[e->to->id]) VEC_PUSH(B->queue, e->to);
    }
  }
  return B->ord.len == B->S.len;
}

static void lbe_copy_fields(lbe_build *B, cfa_edge *c, const cfa_edge *o) {
  c->raw = o->raw;
  c->raw_old = o->raw_old;
  c->loc = o->loc;
  c->truth = o->truth;
  c->swapped = o->swapped;
  c->decl = o->decl;
  c->var = o->var;
  c->expr = o->expr;
  c->is_return = o->is_return;
  c->lhs = o->lhs;
  c->callee = lbe_fn(B, o->callee);
  c->call = o->call; /* remapped once every copy exists */
  c->unsupported = o->unsupported;
  c->unsupported_flow = o->unsupported_flow;
  c->connector = o->connector;
  c->orig = o;
}

typedef struct {
  size_t se;
  unsigned key, to;
} lbe_outkey;

static int lbe_cmp_out(const void *a, const void *b) {
  const lbe_outkey *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  if (x->to != y->to) return x->to < y->to ? -1 : 1;
  return x->se < y->se ? -1 : x->se > y->se;
}

/* The first original edge of a summary edge (for the order of edges). */
static unsigned lbe_first(const lbe_tree *t) {
  while (t->k != 'e') {
    if (t->k == ';') {
      t = t->a;
    } else {
      unsigned a = lbe_first(t->a), b = lbe_first(t->b);
      return a < b ? a : b;
    }
  }
  return t->e->id;
}

static bool lbe_make(lbe *L, cfa *h, char **err) {
  const cfa *g = L->g;
  size_t nn = g->nodes.len, ne = g->edges.len;
  lbe_build B = {0};
  B.L = L;
  B.h = h;
  B.nmap = mem_calloc(nn + 1, sizeof *B.nmap);
  B.emap = mem_calloc(ne + 1, sizeof *B.emap);
  B.fmap = mem_calloc(g->functions.len + 1, sizeof *B.fmap);
  B.stamp = mem_calloc(ne + 1, sizeof *B.stamp);
  B.indeg = mem_calloc(nn + 1, sizeof *B.indeg);
  bool ok = true;
  for (size_t i = 0; i < g->functions.len; i++) {
    cfa_function *c = mem_arena_alloc(h->arena, sizeof *c);
    *c = *g->functions.data[i];
    B.fmap[i] = c;
    VEC_PUSH(h->functions, c);
  }
  for (size_t i = 0; i < nn; i++) {
    const cfa_node *o = g->nodes.data[i];
    cfa_node *n = cfa_node_new(h, lbe_fn(&B, o->function), o->line);
    n->is_error = o->is_error;
    n->is_loop_head = o->is_loop_head || (L->live[i] && L->backedge[i]);
    n->is_exit = o->is_exit;
    n->is_terminal = o->is_terminal;
    n->is_label = o->is_label;
    n->orig = o;
    n->absorbed = !L->live[i] || L->removed[i];
    B.nmap[i] = n;
  }
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_function *f = g->functions.data[i];
    B.fmap[i]->entry = f->entry ? B.nmap[f->entry->id] : 0;
    B.fmap[i]->exit = lbe_in(g, f->exit) ? B.nmap[f->exit->id] : 0;
  }
  h->start = B.nmap[g->start->id];
  h->main = lbe_fn(&B, g->main);
  VEC(lbe_outkey) outs = {0};
  for (size_t i = 0; i < nn && ok; i++) {
    if (!L->live[i] || L->removed[i]) continue;
    outs.len = 0;
    lbe_ids *o = &L->out[i];
    for (size_t k = 0; k < o->len; k++) {
      const lbe_se *s = &L->se.data[o->data[k]];
      if (s->dead) continue;
      lbe_outkey x = {o->data[k], lbe_first(s->t), s->to};
      VEC_PUSH(outs, x);
    }
    if (outs.len > 1)
      qsort(outs.data, outs.len, sizeof *outs.data, lbe_cmp_out);
    for (size_t k = 0; k < outs.len && ok; k++) {
      const lbe_se *s = &L->se.data[outs.data[k].se];
      cfa_node *from = B.nmap[s->from], *to = B.nmap[s->to];
      if (s->t->k == 'e') {
        const cfa_edge *oe = s->t->e;
        cfa_edge *c = cfa_edge_new(h, oe->kind, from, to, oe->raw);
        lbe_copy_fields(&B, c, oe);
        B.emap[oe->id] = c;
        continue;
      }
      if (!lbe_order(&B, s->t, g->nodes.data[s->from], g->nodes.data[s->to])) {
        *err = mem_printf("large-block encoding: the block from node %u to "
                          "node %u is not acyclic",
                          s->from, s->to);
        ok = false;
        break;
      }
      cfa_edge *c = cfa_edge_new(h, CFA_BLOCK, from, to, "");
      const cfa_edge **blk = mem_arena_alloc(h->arena, B.ord.len * sizeof *blk);
      unsigned lo = 0, hi = 0;
      for (size_t q = 0; q < B.ord.len; q++) {
        const cfa_edge *x = B.ord.data[q];
        blk[q] = x;
        unsigned l = x->loc.line,
                 el = x->loc.end_line > l ? x->loc.end_line : l;
        if (l && (!lo || l < lo)) lo = l;
        if (el > hi) hi = el;
      }
      c->block = blk;
      c->nblock = B.ord.len;
      c->loc.line = lo;
      c->loc.end_line = hi;
    }
  }
  VEC_FREE(outs);
  /* returns name the copies of their calls */
  for (size_t i = 0; i < h->edges.len; i++) {
    cfa_edge *c = h->edges.data[i];
    if (c->kind == CFA_RETURN && c->call) {
      cfa_edge *cc = B.emap[c->call->id];
      if (!cc && ok) {
        *err = mem_printf("large-block encoding: the call of return edge %u "
                          "has no copy",
                          c->orig->id);
        ok = false;
      }
      c->call = cc;
    }
  }
  for (size_t i = 0; i < g->vars.len; i++)
    VEC_PUSH(h->vars, g->vars.data[i]);
  for (size_t i = 0; i < g->unsupported.len; i++) {
    cfa_unsupported u = g->unsupported.data[i];
    u.edge = u.edge ? B.emap[u.edge->id] : 0;
    VEC_PUSH(h->unsupported, u);
  }
  mem_free(B.nmap);
  mem_free(B.emap);
  mem_free(B.fmap);
  mem_free(B.stamp);
  mem_free(B.indeg);
  VEC_FREE(B.S);
  VEC_FREE(B.ord);
  VEC_FREE(B.stack);
  VEC_FREE(B.queue);
  return ok;
}

cfa *lbe_summarise(const cfa *g, char **err) {
  return lbe_summarise_keep(g, 0, err);
}

cfa *lbe_summarise_keep(const cfa *g, const unsigned char *single,
                        char **err) {
  *err = 0;
  size_t nn = g->nodes.len;
  lbe L = {0};
  L.g = g;
  L.tmp = mem_arena_new();
  L.in = mem_calloc(nn + 1, sizeof *L.in);
  L.out = mem_calloc(nn + 1, sizeof *L.out);
  L.live = mem_calloc(nn + 1, sizeof *L.live);
  L.kept = mem_calloc(nn + 1, sizeof *L.kept);
  L.backedge = mem_calloc(nn + 1, sizeof *L.backedge);
  L.removed = mem_calloc(nn + 1, sizeof *L.removed);
  L.queued = mem_calloc(nn + 1, sizeof *L.queued);
  lbe_reach(&L);
  lbe_back_edges(&L);
  /* kept nodes */
  L.kept[g->start->id] = true;
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_function *f = g->functions.data[i];
    if (f->entry) L.kept[f->entry->id] = true;
    if (lbe_in(g, f->exit)) L.kept[f->exit->id] = true;
  }
  for (size_t i = 0; i < nn; i++) {
    const cfa_node *n = g->nodes.data[i];
    if (n->is_loop_head || L.backedge[i] || n->is_error || n->is_terminal ||
        n->is_exit || !n->nout || !lbe_choice_safe(n))
      L.kept[i] = true;
  }
  /* rule 0 and the summary edges: one per original edge */
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (!L.live[e->from->id] || e->from->is_error) continue;
    bool at = lbe_atomic(e) || (single && single[e->id]);
    if (at) L.kept[e->from->id] = L.kept[e->to->id] = true;
    lbe_add(&L, e->from->id, e->to->id, lbe_tree_new(&L, 'e', e, 0, 0), at);
  }
  for (size_t i = 0; i < nn; i++)
    if (L.live[i]) lbe_push(&L, (unsigned)i);
  /* rules 1 and 2 to a fixpoint (a stack of nodes to look at again) */
  while (L.work.len) {
    unsigned n = L.work.data[--L.work.len];
    L.queued[n] = false;
    if (L.removed[n]) continue;
    lbe_rule2(&L, n);
    lbe_rule1(&L, n);
  }
  cfa *h = mem_calloc(1, sizeof *h);
  h->arena = mem_arena_new();
  h->path = g->path;
  h->source = g->source;
  h->source_len = g->source_len;
  h->lp64 = g->lp64;
  bool ok = lbe_make(&L, h, err);
  for (size_t i = 0; i < nn; i++) {
    VEC_FREE(L.in[i]);
    VEC_FREE(L.out[i]);
  }
  mem_free(L.in);
  mem_free(L.out);
  mem_free(L.live);
  mem_free(L.kept);
  mem_free(L.backedge);
  mem_free(L.removed);
  mem_free(L.queued);
  VEC_FREE(L.se);
  VEC_FREE(L.work);
  mem_arena_free(L.tmp);
  if (!ok) {
    cfa_free(h);
    return 0;
  }
  return h;
}

/* ---------- figures ---------- */

/* Figures of a CFA (any: blocks are 0 for one built from source). */
static void lbe_figures_of(const cfa *h, lbe_figures *f) {
  memset(f, 0, sizeof *f);
  for (size_t i = 0; i < h->nodes.len; i++)
    f->nodes += !h->nodes.data[i]->absorbed;
  f->edges = h->edges.len;
  for (size_t i = 0; i < h->edges.len; i++) {
    const cfa_edge *e = h->edges.data[i];
    if (e->kind != CFA_BLOCK) continue;
    f->blocks++;
    f->block_edges += e->nblock;
    if (e->nblock > f->max_block) f->max_block = e->nblock;
  }
}

void lbe_print_summary(const cfa *g, const cfa *h, FILE *out) {
  lbe_figures a, b;
  lbe_figures_of(g, &a);
  lbe_figures_of(h, &b);
  esc_fprintf(out, 0, "program: %s\n", g->path);
  fprintf(out, "nodes: %zu\n", a.nodes);
  fprintf(out, "edges: %zu\n", a.edges);
  fprintf(out, "summarised nodes: %zu\n", b.nodes);
  fprintf(out, "summarised edges: %zu\n", b.edges);
  fprintf(out, "blocks: %zu (holding %zu edges, the largest %zu)\n", b.blocks,
          b.block_edges, b.max_block);
  /* per function (and the global chain): the nodes left and what they are */
  for (size_t fi = 0; fi <= h->functions.len; fi++) {
    const cfa_function *f = fi ? h->functions.data[fi - 1] : 0;
    size_t k = 0;
    for (size_t i = 0; i < h->nodes.len; i++)
      k += !h->nodes.data[i]->absorbed && h->nodes.data[i]->function == f;
    if (!k) continue;
    esc_fprintf(out, 0, "  %s: %zu node%s:", f ? f->name : "(globals)", k,
                k == 1 ? "" : "s");
    for (size_t i = 0; i < h->nodes.len; i++) {
      const cfa_node *n = h->nodes.data[i];
      if (n->absorbed || n->function != f) continue;
      fprintf(out, " N%u", n->id);
      const char *sep = "(";
      bool any = false;
#define LBE_ROLE(cond, name)                                                   \
  if (cond) {                                                                  \
    fprintf(out, "%s%s", sep, name);                                           \
    sep = ",";                                                                 \
    any = true;                                                                \
  }
      LBE_ROLE(n == h->start, "start");
      LBE_ROLE(f && n == f->entry, "entry");
      LBE_ROLE(n->is_exit, "exit");
      LBE_ROLE(n->is_loop_head, "loop head");
      LBE_ROLE(n->is_error, "error");
      LBE_ROLE(n->is_terminal, "terminal");
#undef LBE_ROLE
      if (any) fputc(')', out);
    }
    fputc('\n', out);
  }
}
