#include "fold.h"

#include "lib/hmap.h"
#include "lib/mem.h"

#include <stdint.h>
#include <string.h>

#define FOLD_UNSET ((size_t)-1)

typedef struct {
  size_t n;
  const fold_tr *t;
  const size_t *start; /* transitions of s: [start[s], start[s + 1]) */
  const bool *catch_false;
  size_t *cls; /* class of a folded state, FOLD_UNSET before */
} fold;

/* What a transition's target is to a signature: its class in cls, or the
 * sink (FOLD_TRUE and FOLD_FALSE are no state's index). */
static size_t fold_to(const fold *f, const size_t *cls, size_t dst) {
  return dst < f->n ? cls[dst] : dst;
}

static uint64_t fold_mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t fold_text_hash(const char *s) {
  return s ? hmap_hash(s, strlen(s)) : 0;
}

static uint64_t fold_hash(const fold *f, size_t s) {
  uint64_t h = f->catch_false && f->catch_false[s] ? 2 : 1;
  for (size_t k = f->start[s]; k < f->start[s + 1]; k++) {
    h = fold_mix(h, fold_text_hash(f->t[k].text));
    h = fold_mix(h, fold_text_hash(f->t[k].assume));
    h = fold_mix(h, fold_to(f, f->cls, f->t[k].dst));
  }
  return h;
}

static bool fold_str_eq(const char *a, const char *b) {
  return a == b || (a && b && !strcmp(a, b));
}

/* s and r read every path alike, their targets compared by cls (the
 * classes of those folded so far, or a fold to check). */
static bool fold_equal(const fold *f, const size_t *cls, size_t s, size_t r) {
  bool fs = f->catch_false && f->catch_false[s],
       fr = f->catch_false && f->catch_false[r];
  size_t i = f->start[s], j = f->start[r];
  if (fs != fr || f->start[s + 1] - i != f->start[r + 1] - j) return false;
  for (; i < f->start[s + 1]; i++, j++)
    if (!fold_str_eq(f->t[i].text, f->t[j].text) ||
        !fold_str_eq(f->t[i].assume, f->t[j].assume) ||
        fold_to(f, cls, f->t[i].dst) != fold_to(f, cls, f->t[j].dst))
      return false;
  return true;
}

/* The class of s, outside every cycle: an equal state's, found by its
 * signature's hash (probing on from it past other signatures), or a new
 * one. */
static void fold_one(fold *f, hmap *seen, size_t s, size_t *ncls) {
  uint64_t h = fold_hash(f, s);
  for (;; h++) {
    size_t r = (size_t)(uintptr_t)hmap_get(seen, h);
    if (!r) break;
    if (fold_equal(f, f->cls, s, r - 1)) {
      f->cls[s] = f->cls[r - 1];
      return;
    }
  }
  f->cls[s] = (*ncls)++;
  hmap_put(seen, h, (void *)(uintptr_t)(s + 1));
}

static bool fold_self_loop(const fold *f, size_t s) {
  for (size_t k = f->start[s]; k < f->start[s + 1]; k++)
    if (f->t[k].dst == s) return true;
  return false;
}

typedef struct {
  size_t v, pos;
} fold_frame;

/* Tarjan's strongly connected components, without recursion: each is
 * complete after every component it reaches, so its targets are folded
 * when its turn comes. */
static void fold_components(fold *f, size_t *ncls) {
  size_t n = f->n, counter = 0;
  size_t *idx = mem_alloc((n + 1) * sizeof *idx),
         *low = mem_alloc((n + 1) * sizeof *low);
  unsigned char *on = mem_calloc(n + 1, 1);
  for (size_t i = 0; i < n; i++) idx[i] = FOLD_UNSET;
  VEC(size_t) stack = {0};
  VEC(fold_frame) frames = {0};
  hmap seen = {0};
  for (size_t r = 0; r < n; r++) {
    if (idx[r] != FOLD_UNSET) continue;
    fold_frame fr = {r, f->start[r]};
    idx[r] = low[r] = counter++;
    VEC_PUSH(stack, r);
    on[r] = 1;
    VEC_PUSH(frames, fr);
    while (frames.len) {
      fold_frame *top = &frames.data[frames.len - 1];
      size_t v = top->v;
      if (top->pos < f->start[v + 1]) {
        size_t d = f->t[top->pos++].dst;
        if (d == FOLD_TRUE || d == FOLD_FALSE) continue;
        if (idx[d] == FOLD_UNSET) {
          fold_frame nf = {d, f->start[d]};
          idx[d] = low[d] = counter++;
          VEC_PUSH(stack, d);
          on[d] = 1;
          VEC_PUSH(frames, nf); /* (top is stale from here) */
        } else if (on[d] && idx[d] < low[v])
          low[v] = idx[d];
        continue;
      }
      frames.len--;
      if (frames.len) {
        size_t u = frames.data[frames.len - 1].v;
        if (low[v] < low[u]) low[u] = low[v];
      }
      if (low[v] != idx[v]) continue;
      bool single = stack.data[stack.len - 1] == v;
      if (single && !fold_self_loop(f, v)) {
        stack.len--;
        on[v] = 0;
        fold_one(f, &seen, v, ncls);
        continue;
      }
      size_t w; /* a cycle: each of its states stays itself */
      do {
        w = stack.data[--stack.len];
        on[w] = 0;
        f->cls[w] = (*ncls)++;
      } while (w != v);
    }
  }
  hmap_free(&seen);
  VEC_FREE(stack);
  VEC_FREE(frames);
  mem_free(idx);
  mem_free(low);
  mem_free(on);
}

/* start[s]: the first transition of state s, start[n] = m; NULL when t is
 * not sorted by src or names no state. */
static size_t *fold_starts(size_t n, const fold_tr *t, size_t m) {
  size_t *start = mem_calloc(n + 2, sizeof *start);
  for (size_t k = 0; k < m; k++) {
    if (t[k].src >= n || (k && t[k - 1].src > t[k].src)) {
      mem_free(start);
      return 0;
    }
    start[t[k].src + 1]++;
  }
  for (size_t s = 0; s < n; s++) start[s + 1] += start[s];
  return start;
}

size_t *fold_states(size_t n, const fold_tr *t, size_t m,
                    const bool *catch_false) {
  size_t *start = fold_starts(n, t, m);
  size_t *rep = mem_alloc((n + 1) * sizeof *rep);
  if (!start) { /* (not as documented: nothing folded) */
    for (size_t s = 0; s < n; s++) rep[s] = s;
    return rep;
  }
  fold f = {n, t, start, catch_false, mem_alloc((n + 1) * sizeof(size_t))};
  for (size_t s = 0; s < n; s++) f.cls[s] = FOLD_UNSET;
  size_t ncls = 0;
  fold_components(&f, &ncls);
  size_t *first = mem_alloc((ncls + 1) * sizeof *first);
  for (size_t c = 0; c < ncls; c++) first[c] = FOLD_UNSET;
  for (size_t s = 0; s < n; s++) {
    size_t c = f.cls[s];
    if (first[c] == FOLD_UNSET) first[c] = s;
    rep[s] = first[c];
  }
  mem_free(first);
  mem_free(f.cls);
  mem_free(start);
  return rep;
}

bool fold_check(size_t n, const fold_tr *t, size_t m, const bool *catch_false,
                const size_t *rep) {
  size_t *start = fold_starts(n, t, m);
  fold f = {n, t, start, catch_false, 0};
  bool ok = start != 0;
  for (size_t s = 0; s < n && ok; s++) {
    size_t r = rep[s]; /* a representative, of itself; s's equal */
    ok = r < n && rep[r] == r && (r == s || fold_equal(&f, rep, s, r));
  }
  mem_free(start);
  return ok;
}
