#include "aunion.h"

#include "fold.h"
#include "lib/hmap.h"
#include "lib/mem.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* a component's target: a state, or one of these */
#define AU_DEAD (-1) /* __FALSE, or no transition: nothing to claim */
#define AU_TRUE (-2) /* __TRUE */

typedef struct {
  uint32_t text; /* interned MATCH text */
  int32_t to;
} au_arc;

typedef struct {
  uint32_t first, count; /* arcs, the first transition of each text */
  int32_t all;           /* the catch-all's target (AU_DEAD: none) */
} au_st;

typedef struct {
  au_st *st;
  VEC(au_arc) arcs;
  int32_t init;
} au_comp;

typedef struct {
  size_t n; /* components */
  au_comp *c;
  hmap text_of;            /* text -> id + 1 */
  VEC(const char *) texts; /* by id */
  VEC(int32_t) tup;        /* the product's tuples, n each */
  hmap at;                 /* hash -> first tuple with it + 1 */
  VEC(uint32_t) chain;     /* next tuple with the same hash + 1 */
  size_t max;
  bool over; /* the product grew past max */
} au;

static int32_t au_norm(const aa_automaton *A, int32_t t) {
  if (t < 0 || (uint32_t)t >= A->nstates) return AU_DEAD;
  if (A->states[t].sink == AA_SINK_TRUE) return AU_TRUE;
  if (A->states[t].sink == AA_SINK_FALSE) return AU_DEAD;
  return t;
}

static uint32_t au_text(au *u, const char *s) {
  uintptr_t k = (uintptr_t)hmap_sget(&u->text_of, s);
  if (k) return (uint32_t)(k - 1);
  VEC_PUSH(u->texts, s);
  hmap_sput(&u->text_of, s, (void *)(uintptr_t)u->texts.len);
  return (uint32_t)(u->texts.len - 1);
}

/* Component k from automaton A: each state's first transition per text
 * before its catch-all, and the catch-all. */
static int au_prepare(au *u, size_t k, const aa_automaton *A, char **err) {
  au_comp *c = &u->c[k];
  c->st = mem_calloc(A->nstates + 1, sizeof *c->st);
  c->init = au_norm(A, A->initial);
  uint32_t *seen = mem_calloc(u->texts.len + A->nmatches + 1, sizeof *seen);
  size_t nseen = u->texts.len + A->nmatches + 1;
  for (uint32_t s = 0; s < A->nstates; s++) {
    const aa_state *st = &A->states[s];
    au_st *o = &c->st[s];
    o->first = (uint32_t)c->arcs.len;
    o->all = AU_DEAD;
    if (st->sink) continue;
    for (uint32_t i = st->first; i < st->first + st->count; i++) {
      const aa_transition *t = &A->transitions[i];
      const char *why = NULL;
      if (st->mode == AA_MODE_USEALL && st->count > 1)
        why = "a USEALL state";
      else if (t->go != AA_GOTO_STATE)
        why = "a transition that is no GOTO";
      else if (t->more)
        why = "an ASSERT or an action";
      else if (t->assume && strcmp(t->assume, "true"))
        why = "an ASSUME";
      else if (t->trigger->kind != AA_X_MATCH &&
               !aa_transition_is_catchall(t))
        why = "a trigger other than MATCH \"text\" or TRUE";
      if (why) {
        *err = mem_printf("%s:%u: %s: the union takes the automata erep "
                          "verify writes (MATCH \"text\" or TRUE -> GOTO)",
                          A->path ? A->path : "automaton", t->line, why);
        mem_free(seen);
        return -1;
      }
      if (aa_transition_is_catchall(t)) {
        o->all = au_norm(A, t->target);
        break; /* USEFIRST: nothing after it is ever taken */
      }
      uint32_t id = au_text(u, t->trigger->text);
      if (id >= nseen) { /* texts of this automaton not seen before */
        size_t m = id + 1 + A->nmatches;
        seen = mem_realloc(seen, m * sizeof *seen);
        memset(seen + nseen, 0, (m - nseen) * sizeof *seen);
        nseen = m;
      }
      if (seen[id] == s + 1) continue; /* USEFIRST: the first one */
      seen[id] = s + 1;
      au_arc a = {id, au_norm(A, t->target)};
      VEC_PUSH(c->arcs, a);
    }
    o->count = (uint32_t)(c->arcs.len - o->first);
  }
  mem_free(seen);
  return 0;
}

static int32_t au_step(const au_comp *c, int32_t q, uint32_t text) {
  const au_st *s = &c->st[q];
  for (uint32_t i = s->first; i < s->first + s->count; i++)
    if (c->arcs.data[i].text == text) return c->arcs.data[i].to;
  return s->all;
}

static uint64_t au_hash(const int32_t *t, size_t n) {
  return hmap_hash((const char *)t, n * sizeof *t);
}

/* The target of tuple t: FOLD_TRUE when a component reached __TRUE,
 * FOLD_FALSE when none has anything to claim, else its index (added when
 * new); past the bound u->over is set (and FOLD_FALSE returned). */
static size_t au_tuple(au *u, const int32_t *t) {
  bool live = false;
  for (size_t k = 0; k < u->n; k++) {
    if (t[k] == AU_TRUE) return FOLD_TRUE;
    live |= t[k] >= 0;
  }
  if (!live) return FOLD_FALSE;
  uint64_t h = au_hash(t, u->n);
  for (uintptr_t i = (uintptr_t)hmap_get(&u->at, h); i;
       i = u->chain.data[i - 1])
    if (!memcmp(&u->tup.data[(i - 1) * u->n], t, u->n * sizeof *t))
      return i - 1;
  size_t id = u->tup.len / u->n;
  if (u->max && id >= u->max) {
    u->over = true;
    return FOLD_FALSE;
  }
  for (size_t k = 0; k < u->n; k++) VEC_PUSH(u->tup, t[k]);
  VEC_PUSH(u->chain, (uint32_t)(uintptr_t)hmap_get(&u->at, h));
  hmap_put(&u->at, h, (void *)(uintptr_t)(id + 1));
  return id;
}

static const char *au_name(char *buf, size_t len, size_t dst,
                           const size_t *rep) {
  if (dst == FOLD_TRUE) return "__TRUE";
  if (dst == FOLD_FALSE) return "__FALSE";
  snprintf(buf, len, "S%zu", rep ? rep[dst] : dst);
  return buf;
}

typedef struct {
  VEC(fold_tr) trs;
  VEC(size_t) all; /* each tuple's catch-all target */
  bool all_to_state; /* a catch-all into a tuple: no folding */
} au_out;

/* Explores the product from the initial tuple; false with *err past the
 * bound. */
static bool au_explore(au *u, au_out *o, size_t *init, char **err) {
  int32_t *t = mem_alloc(u->n * sizeof *t);
  for (size_t k = 0; k < u->n; k++) t[k] = u->c[k].init;
  *init = au_tuple(u, t);
  VEC(uint32_t) texts = {0};
  VEC(uint32_t) stamp = {0};
  for (size_t i = 0; !u->over && i < u->tup.len / u->n; i++) {
    texts.len = 0;
    while (stamp.len < u->texts.len) VEC_PUSH(stamp, 0);
    for (size_t k = 0; k < u->n; k++) {
      int32_t q = u->tup.data[i * u->n + k];
      if (q < 0) continue;
      const au_st *s = &u->c[k].st[q];
      for (uint32_t a = s->first; a < s->first + s->count; a++) {
        uint32_t id = u->c[k].arcs.data[a].text;
        if (stamp.data[id] == i + 1) continue;
        stamp.data[id] = (uint32_t)i + 1;
        VEC_PUSH(texts, id);
      }
    }
    /* the catch-all first: a MATCH with its target is not written */
    for (size_t k = 0; k < u->n; k++) {
      int32_t q = u->tup.data[i * u->n + k];
      t[k] = q < 0 ? AU_DEAD : u->c[k].st[q].all;
    }
    size_t all = au_tuple(u, t);
    VEC_PUSH(o->all, all);
    if (all != FOLD_TRUE && all != FOLD_FALSE) o->all_to_state = true;
    for (size_t j = 0; !u->over && j < texts.len; j++) {
      for (size_t k = 0; k < u->n; k++) {
        int32_t q = u->tup.data[i * u->n + k];
        t[k] = q < 0 ? AU_DEAD : au_step(&u->c[k], q, texts.data[j]);
      }
      size_t to = au_tuple(u, t);
      if (to == all) continue;
      fold_tr tr = {i, u->texts.data[texts.data[j]], NULL, to};
      VEC_PUSH(o->trs, tr);
    }
  }
  if (u->over)
    *err = mem_printf("the union grows past %zu states", u->max);
  VEC_FREE(texts);
  VEC_FREE(stamp);
  mem_free(t);
  return !u->over;
}

static aa_automaton *au_build(const au_out *o, size_t ntup, size_t init,
                              const size_t *rep, au_figures *f, char **err) {
  aa_builder *b = aa_builder_new("(erep swarm)");
  int rc = aa_builder_collector(b, true, err);
  char src[32], dst[32];
  size_t j = 0;
  for (size_t i = 0; !rc && i < ntup; i++) {
    size_t end = j;
    while (end < o->trs.len && o->trs.data[end].src == i) end++;
    if (rep && rep[i] != i) {
      j = end;
      continue;
    }
    f->states++;
    rc = aa_builder_state(b, au_name(src, sizeof src, i, rep),
                          AA_MODE_USEFIRST, AA_STYPE_NONE, 0, err);
    for (; !rc && j < end; j++) {
      aa_transition_src tr = {.source = src, .match = o->trs.data[j].text,
                              .target = au_name(dst, sizeof dst,
                                                o->trs.data[j].dst, rep)};
      rc = aa_builder_transition(b, &tr, 0, err);
      f->transitions++;
    }
    aa_transition_src all = {.source = src, .catchall = true,
                             .target = au_name(dst, sizeof dst,
                                               o->all.data[i], rep)};
    rc = rc || aa_builder_transition(b, &all, 0, err);
  }
  if (rc) {
    aa_builder_free(b);
    return NULL;
  }
  char in[32];
  return aa_builder_finish(b, au_name(in, sizeof in, init, rep), 0, err);
}

aa_automaton *au_union(const aa_automaton *const *as, size_t n,
                       size_t max_states, au_figures *f, char **err) {
  au u = {.n = n, .max = max_states};
  au_figures fig = {0};
  u.c = mem_calloc(n + 1, sizeof *u.c);
  aa_automaton *out = NULL;
  au_out o = {0};
  size_t init = 0;
  bool ok = true;
  for (size_t k = 0; ok && k < n; k++) ok = !au_prepare(&u, k, as[k], err);
  ok = ok && au_explore(&u, &o, &init, err);
  if (ok) {
    size_t ntup = u.tup.len / n;
    fig.tuples = ntup;
    /* equal states once (fold.h: catch-alls into sinks only) */
    size_t *rep = NULL;
    if (!o.all_to_state && ntup) {
      bool *cf = mem_calloc(ntup + 1, sizeof *cf);
      for (size_t i = 0; i < ntup; i++) cf[i] = o.all.data[i] == FOLD_FALSE;
      rep = fold_states(ntup, o.trs.data, o.trs.len, cf);
      if (!fold_check(ntup, o.trs.data, o.trs.len, cf, rep)) {
        mem_free(rep);
        rep = NULL;
      }
      mem_free(cf);
    }
    out = au_build(&o, ntup, init, rep, &fig, err);
    mem_free(rep);
  }
  for (size_t k = 0; k < n; k++) {
    mem_free(u.c[k].st);
    VEC_FREE(u.c[k].arcs);
  }
  mem_free(u.c);
  hmap_free(&u.text_of);
  VEC_FREE(u.texts);
  VEC_FREE(u.tup);
  hmap_free(&u.at);
  VEC_FREE(u.chain);
  VEC_FREE(o.trs);
  VEC_FREE(o.all);
  if (f) *f = fig;
  return out;
}
