#include "pblock.h"

#include "lib/hmap.h"
#include "lib/mem.h"

#include <string.h>

#define PB_MIX 0x9e3779b97f4a7c15ull

/* A pair of the local product: an original node and an automaton state. */
typedef struct {
  const cfa_node *n;
  unsigned q;
  bool sink, is_true; /* q is a sink: the path ends here */
  size_t in;          /* first local edge into it, index + 1 */
  size_t at;          /* next local node at the same original node, + 1 */
  cfa_node *copy;     /* made when an exit needs it */
  bool mark;          /* an ancestor of the exit being cut */
} pb_lnode;

typedef struct {
  size_t from, to;
  pb_step *st; /* in the arena: pb_inner hands it out */
  cfa_edge *copy;
  size_t next_in; /* index + 1 */
} pb_ledge;

typedef struct pb_entry {
  const cfa_edge *b;
  unsigned q;
  pb_exit *exits;
  size_t n;
  struct pb_entry *next;
} pb_entry;

struct pb_cache {
  const cfa *h;
  const as_view *v;
  mem_arena *arena;
  hmap entries; /* (block, state) -> chain of pb_entry */
  hmap inner;   /* copy's address -> its pb_step */
  unsigned node_id, edge_id;
  size_t products, blocks;
};

/* The local product under construction. */
typedef struct {
  pb_cache *c;
  VEC(pb_lnode) ln;
  VEC(pb_ledge) le;
  hmap at;   /* node id + 1 -> first local node there + 1 */
  VEC(size_t) todo; /* ancestors' search */
} pb_build;

pb_cache *pb_new(const cfa *h, const as_view *v) {
  pb_cache *c = mem_calloc(1, sizeof *c);
  c->h = h;
  c->v = v;
  c->arena = mem_arena_new();
  c->node_id = (unsigned)h->nodes.len;
  c->edge_id = (unsigned)h->edges.len;
  return c;
}

void pb_free(pb_cache *c) {
  if (!c) return;
  hmap_free(&c->entries);
  hmap_free(&c->inner);
  mem_arena_free(c->arena);
  mem_free(c);
}

const pb_step *pb_inner(const pb_cache *c, const cfa_edge *copy) {
  return hmap_get(&c->inner, (uint64_t)(uintptr_t)copy);
}

/* The local node (n, q), made if new. */
static size_t pb_lnode_of(pb_build *b, const cfa_node *n, unsigned q,
                          bool sink, bool is_true) {
  /* never the block's source (local node 0): a block from a loop head back
   * to it ends in another pair than the one it starts from */
  for (size_t i = (size_t)(uintptr_t)hmap_get(&b->at, (uint64_t)n->id + 1); i;
       i = b->ln.data[i - 1].at)
    if (i > 1 && b->ln.data[i - 1].q == q && b->ln.data[i - 1].sink == sink)
      return i - 1;
  pb_lnode l = {n, q, sink, is_true, 0, 0, 0, false};
  l.at = (size_t)(uintptr_t)hmap_get(&b->at, (uint64_t)n->id + 1);
  VEC_PUSH(b->ln, l);
  hmap_put(&b->at, (uint64_t)n->id + 1, (void *)(uintptr_t)b->ln.len);
  return b->ln.len - 1;
}

static void pb_ledge_add(pb_build *b, size_t from, size_t to,
                         const cfa_edge *e, const as_step *s) {
  pb_step *st = mem_arena_alloc(b->c->arena, sizeof *st);
  st->e = e;
  st->q = b->ln.data[from].q;
  st->s = *s;
  pb_ledge l = {from, to, st, 0, b->ln.data[to].in};
  VEC_PUSH(b->le, l);
  b->ln.data[to].in = b->le.len;
}

static cfa_node *pb_copy_node(pb_build *b, size_t i) {
  pb_lnode *l = &b->ln.data[i];
  if (l->copy) return l->copy;
  cfa_node *n = mem_arena_alloc(b->c->arena, sizeof *n);
  *n = *l->n;
  n->id = b->c->node_id++;
  n->orig = cfa_node_base(l->n);
  n->out = n->in = 0;
  n->nout = n->nin = 0;
  n->absorbed = false;
  l->copy = n;
  return n;
}

static cfa_edge *pb_copy_edge(pb_build *b, size_t i) {
  pb_ledge *l = &b->le.data[i];
  if (l->copy) return l->copy;
  cfa_edge *e = mem_arena_alloc(b->c->arena, sizeof *e);
  *e = *l->st->e;
  e->from = pb_copy_node(b, l->from);
  e->to = pb_copy_node(b, l->to);
  e->orig = l->st->e;
  e->next_in = e->next_out = 0;
  l->copy = e;
  hmap_put(&b->c->inner, (uint64_t)(uintptr_t)e, l->st);
  return e;
}

/* The restricted block from the block's source to local node t (which
 * stands at h's node `to`), with the step s that ends it. */
static void pb_cut(pb_build *b, const cfa_edge *blk, size_t t,
                   const cfa_node *to, const as_step *s, pb_exit *x) {
  pb_cache *c = b->c;
  for (size_t i = 0; i < b->ln.len; i++)
    b->ln.data[i].mark = false;
  b->todo.len = 0;
  b->ln.data[t].mark = true;
  VEC_PUSH(b->todo, t);
  while (b->todo.len) {
    size_t i = b->todo.data[--b->todo.len];
    for (size_t k = b->ln.data[i].in; k; k = b->le.data[k - 1].next_in) {
      size_t f = b->le.data[k - 1].from;
      if (!b->ln.data[f].mark) {
        b->ln.data[f].mark = true;
        VEC_PUSH(b->todo, f);
      }
    }
  }
  size_t n = 0;
  for (size_t i = 0; i < b->le.len; i++)
    n += b->ln.data[b->le.data[i].to].mark;
  const cfa_edge **inner = mem_arena_alloc(c->arena, n * sizeof *inner);
  const pb_step **steps = mem_arena_alloc(c->arena, n * sizeof *steps);
  size_t k = 0;
  for (size_t i = 0; i < b->le.len; i++)
    if (b->ln.data[b->le.data[i].to].mark) {
      inner[k] = pb_copy_edge(b, i);
      steps[k++] = b->le.data[i].st;
    }
  cfa_edge *e = mem_arena_alloc(c->arena, sizeof *e);
  e->id = c->edge_id++;
  e->kind = CFA_BLOCK;
  e->from = blk->from;
  e->to = (cfa_node *)to;
  e->raw = e->raw_old = "";
  e->loc = blk->loc;
  e->loc.line = n ? inner[n - 1]->loc.line : blk->loc.line;
  e->block = inner;
  e->nblock = n;
  e->block_from = pb_copy_node(b, 0);
  e->block_to = pb_copy_node(b, t);
  x->e = e;
  x->step = *s;
  x->steps = steps;
  x->nsteps = n;
  c->blocks++;
}

static void pb_product(pb_cache *c, pb_entry *en) {
  const cfa_edge *blk = en->b;
  const cfa *h = c->h;
  pb_build B = {0}, *b = &B;
  b->c = c;
  const cfa_node *entry = cfa_block_source(blk);
  const cfa_node *target = cfa_block_target(blk);
  pb_lnode_of(b, entry, en->q, false, false);
  VEC(pb_exit) out = {0};
  /* sinks entered by epsilon moves before an edge: (local node, step) */
  VEC(size_t) before = {0};
  VEC(as_step) bsteps = {0};
  for (size_t i = 0; i < blk->nblock;) {
    const cfa_node *from = blk->block[i]->from;
    size_t j = i;
    while (j < blk->nblock && blk->block[j]->from == from)
      j++;
    /* the pairs at `from` (all made: its edges in come first) */
    VEC(size_t) here = {0};
    if (from == entry) /* only the source: pairs at the target end there */
      VEC_PUSH(here, 0);
    else
      for (size_t l =
               (size_t)(uintptr_t)hmap_get(&b->at, (uint64_t)from->id + 1);
           l; l = b->ln.data[l - 1].at)
        if (!b->ln.data[l - 1].sink) VEC_PUSH(here, l - 1);
    for (size_t hi = here.len; hi-- > 0;) { /* in order of creation */
      size_t L = here.data[hi];
      for (size_t k = i; k < j; k++) {
        const cfa_edge *e = blk->block[k];
        as_step steps[8];
        unsigned ns = as_step_edge(c->v, b->ln.data[L].q, e, steps, 8);
        for (unsigned si = 0; si < ns; si++) {
          const as_step *s = &steps[si];
          if (s->stop) continue;
          bool is_true = false, sink = as_is_sink(c->v, s->target, &is_true);
          if (sink && s->before_edge) {
            bool seen = false;
            for (size_t z = 0; z < before.len && !seen; z++)
              seen = before.data[z] == L && bsteps.data[z].target == s->target;
            if (!seen) {
              VEC_PUSH(before, L);
              VEC_PUSH(bsteps, *s);
            }
            continue;
          }
          size_t T = pb_lnode_of(b, e->to, s->target, sink, is_true);
          pb_ledge_add(b, L, T, e, s);
        }
      }
    }
    VEC_FREE(here);
    i = j;
  }
  /* the exits: at the target in a state that goes on, then the sinks, in
   * order of the local nodes; then the sinks before an edge */
  for (size_t t = 1; t < b->ln.len; t++) {
    pb_lnode *l = &b->ln.data[t];
    if (!l->sink && l->n != target) continue;
    pb_exit x = {0};
    const as_step *s = &b->le.data[l->in - 1].st->s;
    pb_cut(b, blk, t, l->sink ? h->nodes.data[l->n->id] : blk->to, s, &x);
    x.sink = l->sink;
    x.is_true = l->is_true;
    VEC_PUSH(out, x);
  }
  for (size_t z = 0; z < before.len; z++) {
    pb_exit x = {0};
    bool is_true = false;
    as_is_sink(c->v, bsteps.data[z].target, &is_true);
    size_t L = before.data[z];
    if (L == 0) {
      x.step = bsteps.data[z];
      x.before = true;
    } else
      pb_cut(b, blk, L, h->nodes.data[b->ln.data[L].n->id], &bsteps.data[z],
             &x);
    x.sink = true;
    x.is_true = is_true;
    VEC_PUSH(out, x);
  }
  en->n = out.len;
  en->exits = mem_arena_alloc(c->arena, (out.len ? out.len : 1) * sizeof *out.data);
  if (out.len) memcpy(en->exits, out.data, out.len * sizeof *out.data);
  VEC_FREE(out);
  VEC_FREE(before);
  VEC_FREE(bsteps);
  VEC_FREE(b->ln);
  VEC_FREE(b->le);
  VEC_FREE(b->todo);
  hmap_free(&b->at);
  c->products++;
}

const pb_exit *pb_exits(pb_cache *c, const cfa_edge *b, unsigned q,
                        size_t *n) {
  uint64_t k = ((uint64_t)b->id * PB_MIX ^ q) * PB_MIX;
  if (!k) k = 1;
  pb_entry *head = hmap_get(&c->entries, k);
  for (pb_entry *e = head; e; e = e->next)
    if (e->b == b && e->q == q) {
      *n = e->n;
      return e->exits;
    }
  pb_entry *e = mem_arena_alloc(c->arena, sizeof *e);
  e->b = b;
  e->q = q;
  pb_product(c, e);
  e->next = head;
  hmap_put(&c->entries, k, e);
  *n = e->n;
  return e->exits;
}
